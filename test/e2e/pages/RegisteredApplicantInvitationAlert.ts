import type { Locator, Page } from '@playwright/test';

/** The dashboard's alert of a council's registered-applicant invitation (docs/features.md). */
export class RegisteredApplicantInvitationAlert {
  readonly alert: Locator;

  constructor(
    readonly page: Page,
    councilName: string,
  ) {
    this.alert = page.getByRole('group', {
      name: `${councilName} invites you to become a registered applicant`,
    });
  }

  get accept(): Locator {
    return this.alert.getByRole('button', { name: 'Accept', exact: true });
  }

  get reject(): Locator {
    return this.alert.getByRole('button', { name: 'Reject', exact: true });
  }
}

import type { Locator, Page } from '@playwright/test';

/** The participant add or edit dialog (docs/participants.md) and the role change confirmation. */
export class ParticipantDialogPage {
  constructor(readonly page: Page) {}

  get addButton(): Locator {
    return this.page.getByRole('button', { name: 'Add a participant' });
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: /^(Add a participant|Edit a person on the application)$/ });
  }

  get confirmation(): Locator {
    return this.page.getByRole('dialog', { name: 'Role change confirmation' });
  }

  /** A role's checkbox (named by the role and the group's label). */
  role(name: string): Locator {
    return this.dialog.getByRole('checkbox', { name: `${name} Roles`, exact: true });
  }

  field(label: string): Locator {
    return this.dialog.getByRole('textbox', { name: label, exact: true });
  }

  button(name: string): Locator {
    return this.dialog.getByRole('button', { name, exact: true });
  }

  /** Picks an option of the dialog's Cloudscape select or multiselect labelled `label`. */
  async choose(label: string, option: string): Promise<void> {
    await this.dialog.getByRole('button', { name: new RegExp(label) }).click();
    await this.page.getByRole('option', { name: option }).click();
  }
}

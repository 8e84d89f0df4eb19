import { expect, type Locator, type Page } from '@playwright/test';

/** The three organisation pages (`/organisation-members`, `-invitations`, `-disabled-members`) and their dialogs. */
export class OrganisationPages {
  readonly heading: Locator;
  readonly pagesNav: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.pagesNav = page.getByRole('navigation', { name: 'Organisation pages' });
  }

  /** Goes to one of the three pages by the links between them. */
  async open(name: 'Members' | 'Invitations' | 'Disabled members'): Promise<void> {
    await this.pagesNav.getByRole('link', { name, exact: true }).click();
  }

  table(name: string): Locator {
    return this.page.getByRole('table', { name, exact: true });
  }

  /** A table's row by its row header (a member's name, an invitee, an organisation). */
  row(table: string, name: string | RegExp): Locator {
    return this.table(table)
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name }) });
  }

  dialog(name: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name });
  }

  /** The toast with `text`. */
  toast(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }

  /** Runs a member action from its row, confirming in the dialog it opens. */
  async memberAction(table: string, name: string, rowButton: string, confirm: string): Promise<void> {
    await this.row(table, new RegExp(`^${name}`))
      .getByRole('button', { name: rowButton, exact: true })
      .click();
    const dialog = this.dialog(/\?$/);
    await dialog.getByRole('button', { name: confirm, exact: true }).click();
    await expect(dialog).toBeHidden();
  }

  /** Solves the invite dialog's captcha as a person does (proof of work in the widget's workers). */
  async solveCaptcha(within: Locator): Promise<void> {
    const captcha = within.locator('altcha-widget');
    await captcha.getByText("I'm not a robot", { exact: true }).click();
    await expect(captcha.getByRole('checkbox', { name: 'Verified' })).toBeChecked({ timeout: 30_000 });
  }
}

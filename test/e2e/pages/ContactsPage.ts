import type { Locator, Page } from '@playwright/test';

/** `/libraries` and `/contacts`: the contact library's table, its search and its dialogs. */
export class ContactsPage {
  readonly heading: Locator;
  readonly table: Locator;
  readonly search: Locator;
  readonly addButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.table = page.getByRole('table', { name: 'Contacts' });
    this.search = page.getByRole('searchbox', { name: 'Search contacts' });
    this.addButton = page.getByRole('button', { name: 'Add a contact', exact: true });
  }

  /** The add or edit dialog. */
  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: /^(Add a contact|Edit a contact)$/ });
  }

  get deleteDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Delete contact' });
  }

  /** The table row of a contact, by its name. */
  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name }) });
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

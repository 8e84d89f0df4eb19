import type { Locator } from '@playwright/test';

/** 'Search for a person (optional)' in the participant dialog's Contact details step (docs/participants.md). */
export class PersonSearchPanel {
  constructor(readonly dialog: Locator) {}

  get toggle(): Locator {
    return this.dialog.getByRole('button', { name: 'Search for a person (optional)' });
  }

  get input(): Locator {
    return this.dialog.getByRole('combobox', { name: 'Search', exact: true });
  }

  /** The result options (name, then email and organisation or LBP number and city, then classes). */
  get results(): Locator {
    return this.dialog.page().getByRole('option');
  }

  async open(): Promise<void> {
    if ((await this.toggle.getAttribute('aria-expanded')) !== 'true') await this.toggle.click();
  }

  /** Opens the panel, chooses the library and types `text` (the search runs 1000 ms after). */
  async search(library: 'Contact Library' | 'LBP Register', text: string): Promise<void> {
    await this.open();
    await this.dialog.getByRole('radio', { name: library }).check();
    await this.input.fill(text);
  }

  /** Picks the result whose text contains `text`. */
  async pick(text: string): Promise<void> {
    await this.results.filter({ hasText: text }).first().click();
  }
}

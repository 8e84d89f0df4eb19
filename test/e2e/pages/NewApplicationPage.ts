import { expect, type Locator, type Page } from '@playwright/test';
import { cloudscape } from '../support/cloudscape';

/** The new-application wizard (/new-application/*). */
export class NewApplicationPage {
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
  }

  async gotoStart(): Promise<void> {
    await this.page.goto('/new-application');
    await expect(this.page).toHaveURL('/new-application/intent-selection');
    await expect(this.heading).toHaveText('New application');
  }

  startCard(title: string): Locator {
    return this.page.getByRole('link', { name: title, exact: true });
  }

  /** Types into the address picker and picks the suggestion (its details are then fetched). */
  async pickAddress(text: string, suggestion: string | RegExp): Promise<void> {
    const input = this.page.getByLabel('Address of the building site', { exact: true });
    await input.fill(text);
    const option = this.page.getByRole('option', { name: suggestion }).first();
    await option.click();
    await expect(input).toHaveValue(suggestion);
  }

  authoritySelect(): Locator {
    return this.page.locator(cloudscape.findSelect().findTrigger().toSelector()).first();
  }

  /** The card (in a Cards list) whose header has the text; selecting it checks its radio. */
  async pickCard(name: string | RegExp): Promise<void> {
    await this.page.getByRole('radio', { name }).first().check();
  }

  /**
   * Selects a card by a click on the card itself (its middle, away from the radio in its header):
   * the whole card is clickable. Checks that its radio is then checked.
   */
  async clickCard(radioName: string | RegExp): Promise<void> {
    const card = this.page
      .locator(cloudscape.findCards().findItems().toSelector())
      .filter({ has: this.page.getByRole('radio', { name: radioName }) })
      .first();
    const radio = card.getByRole('radio');
    await expect(radio).not.toBeChecked();
    await card.click();
    await expect(radio).toBeChecked();
  }

  button(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }
}

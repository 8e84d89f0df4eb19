import type { Locator, Page } from '@playwright/test';

/** The People cards (docs/participants.md): a card's menu, its dialogs and the toasts. */
export class ParticipantCardsPage {
  constructor(readonly page: Page) {}

  card(name: string): Locator {
    return this.page.getByRole('article', { name, exact: true });
  }

  /** Opens a card's action menu and chooses an item. */
  async choose(name: string, item: string): Promise<void> {
    await this.card(name)
      .getByRole('button', { name: `Actions for ${name}` })
      .click();
    await this.page.getByRole('menuitem', { name: item, exact: true }).click();
  }

  dialog(name: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name });
  }

  /** A toast (Cloudscape repeats it in a live region: the first). */
  toast(text: string): Locator {
    return this.page.getByText(text, { exact: true }).first();
  }
}

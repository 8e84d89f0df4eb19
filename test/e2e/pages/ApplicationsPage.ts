import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The application list pages (/projects, /applications, /consents), the dashboard's recent lists
 * and /application-templates: cards, their menus, the dialogs and the toasts.
 */
export class ApplicationsPage {
  readonly heading: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.dialog = page.getByRole('dialog');
  }

  async goto(path: '/applications' | '/consents' | '/projects' | '/application-templates', tab?: string) {
    await this.page.goto(tab ? `${path}?tab=${tab}` : path);
    await expect(this.heading).toBeVisible();
  }

  tab(name: string | RegExp): Locator {
    return this.page.getByRole('tab', { name });
  }

  /** A card by the text it shows (its application number, or a template's name). */
  card(text: string): Locator {
    return this.page.getByRole('listitem').filter({ has: this.page.getByText(text, { exact: true }) });
  }

  /** Opens a card's menu and chooses an item. */
  async chooseFromMenu(card: Locator, item: string): Promise<void> {
    await card.getByRole('button', { name: /^Actions for / }).click();
    await this.page.getByRole('menuitem', { name: item }).click();
  }

  dialogButton(name: string): Locator {
    return this.dialog.getByRole('button', { name, exact: true });
  }

  /** A toast in the region at the bottom right (Cloudscape repeats it in a live region: first). */
  toast(text: string): Locator {
    return this.page.getByRole('region', { name: 'Notifications' }).getByText(text).first();
  }
}

import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The dashboard's access-request parts (docs/access-requests.md "Web"): the 'Request access to a
 * project' dialog with its search and results, the confirmation, and the Access Requests tab.
 */
export class AccessRequestsPage {
  constructor(readonly page: Page) {}

  get requestDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Request access to a project' });
  }

  get submittedDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Access request submitted' });
  }

  async openRequestDialog(): Promise<void> {
    await this.page.getByRole('button', { name: 'Request access to a project' }).click();
    await expect(this.requestDialog).toBeVisible();
  }

  /** Simple search: types into the address picker, picks the suggestion, searches. */
  async searchByAddress(text: string, suggestion: string): Promise<void> {
    const input = this.requestDialog.getByLabel('Address', { exact: true });
    await input.fill(text);
    await this.page.getByRole('option', { name: suggestion }).first().click();
    await expect(input).toHaveValue(suggestion);
    // Picking fetches the address's details ('Retrieving the address'); Search is pressed at once: a
    // Search pressed before they are in runs when they arrive (docs/access-requests.md).
    await this.requestDialog.getByRole('button', { name: 'Search', exact: true }).click();
  }

  resultAction(name: string): Locator {
    return this.requestDialog
      .getByRole('table', { name: 'Projects found' })
      .getByRole('button', { name, exact: true });
  }

  /** The Access Requests tab of the dashboard (its name carries the count of requests to review). */
  async openAccessRequestsTab(): Promise<void> {
    await this.page.getByRole('tab', { name: /^Access Requests/ }).click();
  }

  table(name: 'Access requests to review' | 'Your access requests'): Locator {
    return this.page.getByRole('table', { name });
  }
}

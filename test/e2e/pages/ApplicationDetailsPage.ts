import { expect, type Locator, type Page } from '@playwright/test';

/** /application-details/{id}: sections as tabs (?section=). */
export class ApplicationDetailsPage {
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
  }

  async goto(id: string, section?: string): Promise<void> {
    await this.page.goto(`/application-details/${id}${section ? `?section=${section}` : ''}`);
  }

  /** A section's tab by its name; a tab that needs attention adds a count ("RFIs 2 need your attention"). */
  tab(name: string): Locator {
    return this.page.getByRole('tab', { name: new RegExp(`^${name}( \\d+ needs? your attention)?$`) });
  }

  async expectSection(name: string): Promise<void> {
    await expect(this.tab(name)).toHaveAttribute('aria-selected', 'true');
  }
}

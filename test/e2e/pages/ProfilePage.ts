import { expect, type Locator, type Page } from '@playwright/test';

/** `/user-profile`: personal details, notification preferences, change password. */
export class ProfilePage {
  readonly heading: Locator;
  readonly details: Locator;
  readonly preferences: Locator;
  readonly password: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Profile' });
    const section = (title: string) =>
      page.locator('form').filter({ has: page.getByRole('heading', { level: 2, name: title }) });
    this.details = section('Personal details');
    this.preferences = section('Notification preferences');
    this.password = section('Change password');
  }

  async goto(): Promise<void> {
    await this.page.goto('/user-profile');
    await expect(this.heading).toBeVisible();
  }

  field(form: Locator, label: string): Locator {
    return form.getByLabel(label, { exact: true });
  }

  async fill(form: Locator, label: string, value: string): Promise<void> {
    const input = this.field(form, label);
    await input.fill(value);
    await input.blur();
  }

  save(form: Locator, name = 'Save'): Locator {
    return form.getByRole('button', { name, exact: true });
  }

  /** A toast in the region at the bottom right (Cloudscape repeats it in a live region: first). */
  toast(text: string): Locator {
    return this.page.getByRole('region', { name: 'Notifications' }).getByText(text).first();
  }
}

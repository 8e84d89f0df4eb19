import { expect, type Locator, type Page } from '@playwright/test';
import { cloudscape } from '../support/cloudscape';

/** The signed-out sign-in page at `/`. */
export class SignInPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly formError: Locator;
  readonly tabs: Locator;

  constructor(readonly page: Page) {
    const form = cloudscape.findForm();
    this.email = page.getByLabel('Email', { exact: true });
    this.password = page.getByLabel('Password', { exact: true });
    this.submit = page.locator(form.findActions().findButton().toSelector());
    this.formError = page.locator(form.findError().toSelector());
    this.tabs = page.locator(cloudscape.findTabs().toSelector());
  }

  async goto(): Promise<void> {
    await this.page.goto('/');
    await this.expectVisible();
  }

  async expectVisible(): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible();
    await expect(this.page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    await expect(this.page.getByRole('tab', { name: 'Create Account' })).toBeVisible();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.email.blur();
    await this.password.fill(password);
    await expect(this.submit).toBeEnabled();
    await this.submit.click();
  }
}

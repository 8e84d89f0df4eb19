import { expect, type Locator, type Page } from '@playwright/test';

/** The signed-out sign-in page at `/`. */
export class SignInPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly formError: Locator;
  readonly tabs: Locator;

  // The sign-in page is plain markup (no Cloudscape: web/src/components/plain).
  constructor(readonly page: Page) {
    this.email = page.getByLabel('Email', { exact: true });
    this.password = page.getByLabel('Password', { exact: true });
    this.submit = page.getByRole('button', { name: 'Sign in', exact: true });
    this.formError = page.getByTestId('form-error');
    this.tabs = page.getByRole('tablist', { name: 'Account' });
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

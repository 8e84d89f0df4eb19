import { expect, type Locator, type Page } from '@playwright/test';
import { cloudscape } from '../support/cloudscape';

const form = cloudscape.findForm();

/** Shared parts of the signed-out account pages. */
class SignedOutForm {
  readonly heading: Locator;
  readonly submit: Locator;
  readonly formError: Locator;

  constructor(
    readonly page: Page,
    title: string,
  ) {
    this.heading = page.getByRole('heading', { level: 1, name: title });
    this.submit = page.locator(`${form.findActions().toSelector()} button[type="submit"]`);
    this.formError = page.locator(form.findError().toSelector());
  }

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  async fillAndBlur(label: string, value: string): Promise<void> {
    const input = this.field(label);
    await input.fill(value);
    await input.blur();
  }

  async expectVisible(): Promise<void> {
    await expect(this.heading).toBeVisible();
  }
}

/** `/registration`: the Create Account tab with the ALTCHA widget. */
export class RegistrationPage extends SignedOutForm {
  readonly acknowledgement: Locator;
  readonly captcha: Locator;
  readonly captchaCheckbox: Locator;

  constructor(page: Page) {
    super(page, 'Create an account');
    this.acknowledgement = page.getByRole('checkbox', {
      name: 'I have read and accept the terms of use and the privacy policy',
    });
    this.captcha = page.locator('altcha-widget');
    this.captchaCheckbox = this.captcha.getByRole('checkbox');
  }

  async goto(): Promise<void> {
    await this.page.goto('/registration');
    await this.expectVisible();
  }

  async fill(values: {
    email: string;
    firstName: string;
    lastName: string;
    password: string;
  }): Promise<void> {
    await this.fillAndBlur('Email', values.email);
    await this.fillAndBlur('First name', values.firstName);
    await this.fillAndBlur('Last name', values.lastName);
    await this.fillAndBlur('Password', values.password);
    await this.acknowledgement.check();
  }

  /** Ticks the widget and waits for the proof of work to finish in the browser. */
  async solveCaptcha(): Promise<void> {
    // The widget draws its tick over the input: click the label, as a person does.
    await this.captcha.getByText("I'm not a robot", { exact: true }).click();
    // The proof of work runs in the widget's workers; its checkbox is then labelled "Verified".
    await expect(this.captcha.getByRole('checkbox', { name: 'Verified' })).toBeChecked({ timeout: 30_000 });
  }
}

export class ConfirmRegistrationPage extends SignedOutForm {
  readonly state: Locator;
  constructor(page: Page) {
    super(page, 'Confirm your registration');
    this.state = page.getByTestId('confirmation-state');
  }
}

export class ForgotPasswordPage extends SignedOutForm {
  constructor(page: Page) {
    super(page, 'Reset your password');
  }
}

export class ResetPasswordPage extends SignedOutForm {
  constructor(page: Page) {
    super(page, 'Set a new password');
  }
}

export class InvitationPage extends SignedOutForm {
  readonly acknowledgement: Locator;
  constructor(page: Page) {
    super(page, 'Join your organisation');
    this.acknowledgement = page.getByRole('checkbox', {
      name: 'I have read and accept the terms of use and the privacy policy',
    });
  }
}

/** The resend-verification button and its two messages. */
export function resendButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Resend email' });
}

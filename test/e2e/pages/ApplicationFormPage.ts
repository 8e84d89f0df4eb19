import type { Locator, Page } from '@playwright/test';

/** A label, with or without the visual required marker. */
const named = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);

/** /application-form/{id}: sections, steps, the Form.io step and the review step. */
export class ApplicationFormPage {
  constructor(readonly page: Page) {}

  goto(applicationId: string, path = '') {
    return this.page.goto(`/application-form/${applicationId}${path}`);
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  get sections(): Locator {
    return this.page.getByRole('navigation', { name: 'Application sections' });
  }

  get steps(): Locator {
    return this.page.getByRole('navigation', { name: 'Steps' });
  }

  /** The current step's title (its section; the step list may carry a heading of the same name). */
  stepTitle(name: string): Locator {
    return this.page.getByRole('region', { name, exact: true }).getByRole('heading', { level: 2, name });
  }

  /** A text, textarea, number or select field by its label. */
  field(label: string): Locator {
    return this.page.getByLabel(named(label));
  }

  /** The first radio of a group: where Tab enters a group with no choice yet. */
  radioGroup(group: string): Locator {
    return this.page
      .getByRole('radiogroup', { name: named(group) })
      .getByRole('radio')
      .first();
  }

  radio(group: string, option: string): Locator {
    return this.page
      .getByRole('radiogroup', { name: named(group) })
      .getByRole('radio', { name: option, exact: true });
  }

  box(group: string, option: string): Locator {
    // Each checkbox is named by its own label (Cloudscape's added the group's: "New building Type of building work").
    const esc = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.page
      .getByRole('group', { name: named(group) })
      .getByRole('checkbox', { name: new RegExp(`^${esc(option)}( ${esc(group)})?$`) });
  }

  /** Chooses an option of a select field (a native select: features/application-form/fields.tsx). */
  async choose(label: string, option: string) {
    await this.field(label).selectOption({ label: option });
  }

  get saveStatus(): Locator {
    return this.page.getByText(/^(Saved|Saving…|Unsaved changes|Not saved)$/);
  }

  get submit(): Locator {
    return this.page.getByRole('button', { name: 'Submit', exact: true });
  }

  get signature(): Locator {
    return this.page.getByLabel('Signature');
  }
}

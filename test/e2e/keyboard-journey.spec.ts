/**
 * The main journey with the keyboard alone (docs/applications.md, WCAG 2.1.1, 2.4.3, 2.4.7): sign in → a new
 * application from an address → the form's steps → the uploads → the review → sign and submit.
 * No click and no fill: Tab, Shift+Tab, arrows, Enter, Space and typing (the file chooser, a native
 * dialog, gets its files from Playwright once the keyboard has opened it). At every stop focus is on
 * a visible element with a visible focus indicator; after each page change it is on the page's
 * heading (or the form step's title), after a dialog closes back on what opened it. Axe on every page.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from './support/fixtures';
import { demoUser } from './support/outputs';
import { expectNoAxeViolations } from './support/axe';
import { arrowTo, expectFocusOn, press, tabTo } from './support/keyboard';
import { SignInPage } from './pages/SignInPage';
import { ShellPage } from './pages/ShellPage';
import { ApplicationFormPage } from './pages/ApplicationFormPage';
import { DocumentUploadPage, pdfFile } from './pages/DocumentUploadPage';

test.use({ viewport: { width: 1440, height: 900 } });

const SITE_FULL = '74 Ponsonby Road, Ponsonby, Auckland 1011';
/** The demo applicant's full name on their profile (infra/local/seed.ts): the review's signature. */
const SIGNER = 'Aroha Ngata';

/** The page's main heading, where focus goes after a page change. */
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** Tab into a radio group (its first radio), then arrows to the option (arrows also check it). */
async function chooseRadio(page: Page, first: Locator, option: Locator): Promise<void> {
  await tabTo(page, first);
  await arrowTo(page, option);
  // Tab alone does not choose: the first option, reached without an arrow, is chosen with Space.
  if (!(await option.isChecked())) await press(page, 'Space');
  await expect(option).toBeChecked();
}

/**
 * A native select (the form's fields: features/application-form/fields.tsx): Tab to it, then
 * ArrowDown until the option is the chosen one (a closed select changes its choice with the arrows);
 * focus stays on it.
 */
async function chooseOption(page: Page, select: Locator, option: string): Promise<void> {
  await tabTo(page, select);
  const chosen = () => select.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.text ?? '');
  for (let i = 0; i < 30 && (await chosen()) !== option; i++) await press(page, 'ArrowDown');
  expect(await chosen(), `ArrowDown did not reach the option ${option}`).toBe(option);
  await expectFocusOn(page, select, `the select of ${option}`);
}

test('keyboard only: sign in, new application from an address, steps, upload, review, sign and submit', async ({
  page,
}) => {
  // 3.0–3.5 min measured on the shared 2-core machine at load 17 (axe about 70 s of it).
  test.setTimeout(300_000);
  const run = randomUUID().slice(0, 8);
  const user = demoUser(0);

  // --- Sign in.
  const signIn = new SignInPage(page);
  await signIn.goto();
  await expectNoAxeViolations(page, 'keyboard: sign in');
  await tabTo(page, signIn.email);
  await page.keyboard.type(user.email);
  await tabTo(page, signIn.password);
  await page.keyboard.type(user.password);
  await press(page, 'Enter');
  await expect(h1(page)).toHaveText(/^Welcome/);
  await expectFocusOn(page, h1(page), 'the dashboard heading');
  await expectNoAxeViolations(page, 'keyboard: dashboard');

  // A dialog: Help → Support information, closed with Escape; focus returns to the Help menu.
  const help = page.getByRole('button', { name: 'Help', exact: true });
  await tabTo(page, help, { back: true });
  await press(page, 'Enter');
  await arrowTo(page, page.getByRole('menuitem', { name: 'Support information' }));
  await press(page, 'Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await press(page, 'Escape');
  await expect(dialog).toBeHidden();
  await expectFocusOn(page, help, 'the Help menu after the dialog closed');

  // --- New application, from the top bar.
  await tabTo(page, new ShellPage(page).topNavigation.getByRole('link', { name: 'New application' }), {
    back: true,
  });
  await press(page, 'Enter');
  await expect(h1(page)).toHaveText('New application');
  await expectFocusOn(page, h1(page), 'the intent selection heading');
  await expectNoAxeViolations(page, 'keyboard: intent selection');
  await tabTo(page, page.getByRole('link', { name: 'Start a new application', exact: true }));
  await press(page, 'Enter');

  // The address: type, wait for the suggestions, arrow to the one, Enter.
  await expect(h1(page)).toHaveText('Where is the building work?');
  await expectFocusOn(page, h1(page), 'the address heading');
  const address = page.getByLabel('Address of the building site', { exact: true });
  await tabTo(page, address);
  await page.keyboard.type('74 Ponsonby Road');
  await expect(page.getByRole('option', { name: SITE_FULL })).toBeVisible();
  await press(page, 'ArrowDown');
  await press(page, 'Enter');
  await expect(address).toHaveValue(SITE_FULL);
  await expect(page.getByRole('heading', { level: 2, name: 'Auckland Council' })).toBeVisible();
  await expectNoAxeViolations(page, 'keyboard: address');
  await tabTo(page, page.getByRole('button', { name: 'Next', exact: true }));
  await press(page, 'Enter');

  // Property records: a record by arrows, Next.
  await expect(h1(page)).toHaveText('Property records');
  await expectFocusOn(page, h1(page), 'the property records heading');
  const record = page.getByRole('radio').first();
  await tabTo(page, record);
  await press(page, 'Space');
  await expect(record).toBeChecked();
  await expectNoAxeViolations(page, 'keyboard: property records');
  await tabTo(page, page.getByRole('button', { name: 'Next', exact: true }));
  await press(page, 'Enter');

  // Choose a form: Building consent, Create application.
  await expect(h1(page)).toHaveText('Choose a form');
  await expectFocusOn(page, h1(page), 'the form selection heading');
  await chooseRadio(
    page,
    page.getByRole('radio').first(),
    page.getByRole('radio', { name: /Building consent$/ }),
  );
  await expectNoAxeViolations(page, 'keyboard: form selection');
  await tabTo(page, page.getByRole('button', { name: 'Create application', exact: true }));
  await press(page, 'Enter');

  // --- The form: Project details.
  const form = new ApplicationFormPage(page);
  await expect(page).toHaveURL(/\/application-form\/\d+/);
  await expect(form.heading).toContainText('Building consent');
  await expectFocusOn(page, form.stepTitle('Project details'), 'the Project details title');
  await expectNoAxeViolations(page, 'keyboard: project details');
  await tabTo(page, form.field('Building name'));
  await page.keyboard.type(`Keyboard ${run}`);
  await chooseOption(page, form.field('Current lawful use of the building'), 'Housing: detached dwelling');
  await tabTo(page, form.box('Type of building work', 'New building'));
  await press(page, 'Space');
  await tabTo(page, form.field('Description of the building work'));
  await page.keyboard.type('A new three-bedroom house on a flat section.');
  await tabTo(page, form.box('Intended use(s) of the building', 'Housing: detached dwelling'));
  await press(page, 'Space');
  const radios: [string, string][] = [
    ['Intended life of the building', 'Indefinite, but not less than 50 years'],
    ['Does the project include restricted building work?', 'Yes'],
    ['Is this application one stage of a staged building consent?', 'No'],
    ['Is the applicant the owner of the building?', 'Yes'],
    ['Do you request a project information memorandum (PIM)?', 'No'],
  ];
  for (const [group, option] of radios.slice(0, 1)) {
    await chooseRadio(page, form.radioGroup(group), form.radio(group, option));
  }
  await tabTo(page, form.field('Estimated value of the building work (including GST)'));
  await page.keyboard.type('450000');
  for (const [group, option] of radios.slice(1)) {
    await chooseRadio(page, form.radioGroup(group), form.radio(group, option));
  }
  await tabTo(page, page.getByRole('button', { name: 'Next: Building code clauses' }));
  await press(page, 'Enter');

  // Building code clauses.
  await expectFocusOn(page, form.stepTitle('Building code clauses'), 'the Building code clauses title');
  await tabTo(page, form.box('Building code clauses the building work relates to', 'B1 Structure'));
  await press(page, 'Space');
  await chooseOption(page, form.field('B1: means of compliance'), 'Acceptable solution');
  await tabTo(page, form.field('B1: how the work complies'));
  await page.keyboard.type('B1/AS1, NZS 3604:2011 timber-framed buildings');
  await expectNoAxeViolations(page, 'keyboard: building code clauses');
  await tabTo(page, page.getByRole('button', { name: 'Next: Compliance schedule' }));
  await press(page, 'Enter');

  // Compliance schedule.
  await expectFocusOn(page, form.stepTitle('Compliance schedule'), 'the Compliance schedule title');
  const systems = 'Will the building contain specified systems after the building work?';
  await chooseRadio(page, form.radioGroup(systems), form.radio(systems, 'No'));
  await expectNoAxeViolations(page, 'keyboard: compliance schedule');
  await tabTo(page, page.getByRole('button', { name: 'Next: People on this application' }));
  await press(page, 'Enter');

  // People: the applicant is on it already; on to the documents.
  await expectFocusOn(page, form.stepTitle('People on this application'), 'the People title');
  await tabTo(page, page.getByRole('button', { name: 'Next: Plans and documents' }));
  await press(page, 'Enter');

  // --- Plans and documents: each container's file chooser opened by the keyboard.
  await expectFocusOn(page, form.stepTitle('Plans and documents'), 'the Plans and documents title');
  const docs = new DocumentUploadPage(page);
  const files = [
    { container: 'Plans and drawings', file: pdfFile(`plans-${run}.pdf`, `Plans ${run}`) },
    { container: 'Specifications', file: pdfFile(`specifications-${run}.pdf`, `Specifications ${run}`) },
    { container: 'Proof of ownership', file: pdfFile(`title-${run}.pdf`, `Record of title ${run}`) },
  ];
  for (const { container, file } of files) {
    await tabTo(page, docs.input(container));
    const chooser = page.waitForEvent('filechooser');
    await press(page, 'Space');
    await (await chooser).setFiles(file);
    await expect(docs.list(container).getByRole('group', { name: file.name, exact: true })).toBeVisible();
  }
  for (const { file } of files) await docs.expectCompleted(file.name);
  await expectNoAxeViolations(page, 'keyboard: documents');
  await tabTo(page, page.getByRole('button', { name: /^Next: / }));
  await press(page, 'Enter');

  // --- Review: no error left; sign with the profile's full name and submit.
  await expectFocusOn(page, form.stepTitle('Review and submit'), 'the Review and submit title');
  await expect(page.getByRole('heading', { name: /^\d+ errors?$/ })).toHaveCount(0);
  await expect(form.submit).toBeEnabled();
  await tabTo(page, form.signature);
  await page.keyboard.type(SIGNER);
  await expectNoAxeViolations(page, 'keyboard: review');
  await tabTo(page, form.submit);
  await press(page, 'Enter');
  await expect(page).toHaveURL(/\/application-submitted\/\d+/);
  await expect(page.getByText('Your application has been submitted')).toBeVisible();
  await expectFocusOn(page, h1(page), 'the submitted heading');
  await expectNoAxeViolations(page, 'keyboard: application submitted');
});

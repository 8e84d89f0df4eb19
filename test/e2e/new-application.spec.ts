import { expect, test, type Page } from './support/fixtures';
import { expectNoAxeViolations } from './support/axe';
import { ShellPage } from './pages/ShellPage';
import { NewApplicationPage } from './pages/NewApplicationPage';
import { ApplicationDetailsPage } from './pages/ApplicationDetailsPage';

// Starts signed in as the demo applicant (support/fixtures.ts).
test.use({ signedInAs: 0 });

async function signIn(page: Page): Promise<void> {
  await page.goto('/');
  await expect(new ShellPage(page).heading).toHaveText(/Welcome/);
}

test('a new application from an address: authority detected, parcel and form picked, the form opens', async ({
  page,
}) => {
  // Four steps, each with an axe sweep, on a shared 2-core machine; the site map draws twice in
  // Chromium's software WebGL (3.3 min at load average 19, with axe on the Overview still to run).
  test.setTimeout(300_000);
  // No key configured (the local stack): nothing the map needs leaves the portal's own origin.
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await signIn(page);
  const wizard = new NewApplicationPage(page);
  await wizard.gotoStart();
  await expectNoAxeViolations(page, 'new application: intent selection');

  await wizard.startCard('Start a new application').click();
  await expect(page).toHaveURL('/new-application/address');
  await expect(wizard.heading).toHaveText('Where is the building work?');

  // Next without an address says what is missing.
  await wizard.button('Next').click();
  await expect(page.getByText('Required', { exact: true }).first()).toBeVisible();

  // A council not on the portal yet (Dunedin): named with its own website, not chosen.
  await wizard.pickAddress('133 George Street', '133 George Street, Dunedin Central, Dunedin 9016');
  await expect(
    page.getByText('Dunedin City Council is not taking applications on this portal yet', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /www\.dunedin\.govt\.nz/ })).toHaveAttribute(
    'href',
    'https://www.dunedin.govt.nz/',
  );
  await expect(wizard.authoritySelect()).toContainText('Choose an authority');
  await expectNoAxeViolations(page, 'new application: address of a council not on the portal');

  await wizard.pickAddress('74 Ponsonby Road', '74 Ponsonby Road, Ponsonby, Auckland 1011');
  // Detection chooses the authority and shows its card.
  await expect(wizard.authoritySelect()).toContainText('Auckland Council');
  await expect(page.getByRole('heading', { level: 2, name: 'Auckland Council' })).toBeVisible();
  await expect(page).toHaveURL(/address=.+&authority-id=akl/);
  // The site on a map (the lookup gave its coordinates), with its text alternative beside it; the
  // map draws where the browser has WebGL, else a plain message (never a blank box).
  const siteMap = page.getByRole('figure', {
    name: /^Map showing 74 Ponsonby Road, Ponsonby, Auckland 1011/,
  });
  await expect(siteMap).toBeVisible();
  await expect(siteMap.getByText(/^Location: 36\.\d{4}° south, 174\.\d{4}° east$/)).toBeVisible();
  const canvas = siteMap.locator('canvas');
  await expect(
    canvas.or(siteMap.getByText('The map cannot be shown in this browser.', { exact: false })),
  ).toBeVisible();
  if (await canvas.isVisible()) {
    await expect(canvas).toHaveAttribute('aria-label', /Map showing 74 Ponsonby Road.*arrow keys/);
    // Keyboard operable: the canvas takes focus, + zooms in.
    await canvas.focus();
    await page.keyboard.press('+');
  }
  await expectNoAxeViolations(page, 'new application: address');

  await wizard.button('Next').click();
  await expect(page).toHaveURL(/\/new-application\/authority-property-records\?/);
  await expect(wizard.heading).toHaveText('Property records');
  await expect(page.getByRole('radio').first()).toBeVisible();
  await expectNoAxeViolations(page, 'new application: property records');
  await wizard.button('Next').click();
  await expect(page.getByText('Choose a property record to continue', { exact: true })).toBeVisible();
  await page.getByRole('radio').first().check();

  // Back keeps the address and the authority (they live in the URL).
  await wizard.button('Back').click();
  await expect(page).toHaveURL(/\/new-application\/address\?/);
  await expect(page.getByLabel('Address of the building site', { exact: true })).toHaveValue(
    '74 Ponsonby Road, Ponsonby, Auckland 1011',
  );
  await expect(wizard.authoritySelect()).toContainText('Auckland Council');
  await wizard.button('Next').click();
  await page.getByRole('radio').first().check();
  await wizard.button('Next').click();

  await expect(page).toHaveURL(/\/new-application\/form-selection\?.*parcel=/);
  await expect(wizard.heading).toHaveText('Choose a form');
  await expect(page.getByText('Forms of Auckland Council')).toBeVisible();
  await expectNoAxeViolations(page, 'new application: form selection');
  await page.getByRole('radio').first().check();
  await wizard.button('Create application').click();
  await expect(page).toHaveURL(/\/application-form\/\d+/);

  // The new draft's details page shows its summary.
  const id = /\/application-form\/(\d+)/.exec(page.url())![1]!;
  const details = new ApplicationDetailsPage(page);
  await details.goto(id, 'nope');
  await details.expectSection('Overview');
  await expect(page.getByText('Application summary')).toBeVisible();
  await expect(
    page.getByText('74 Ponsonby Road, Ponsonby, Auckland 1011', { exact: true }).first(),
  ).toBeVisible();
  // The site on the Overview's map (its address kept the lookup's coordinates).
  await expect(page.getByRole('heading', { level: 2, name: 'Where the site is' })).toBeVisible();
  await expect(page.getByRole('figure', { name: /^Map showing 74 Ponsonby Road, Ponsonby/ })).toBeVisible();
  await expectNoAxeViolations(page, 'application details: overview');
  await details.tab('People').click();
  await expect(page).toHaveURL(/section=People/);
  await expect(page.getByRole('article', { name: 'Aroha Ngata' })).toBeVisible();
  await expectNoAxeViolations(page, 'application details: people');
  await details.tab('Payments').click();
  await expect(page).toHaveURL(/section=Payments/);
  await expect(page.getByText('The council has not issued any invoices for this application.')).toBeVisible();
  // Every request of the journey (pages, API, the map's chunk, worker and style) stayed on 127.0.0.1:
  // no tiles from anywhere without a maps key.
  const away = requests.filter((url) => !/^(data|blob):/.test(url) && new URL(url).hostname !== '127.0.0.1');
  expect(away).toEqual([]);
  expect(requests.some((url) => /\/assets\/SiteMap-/.test(url))).toBe(true);
});

test('an amendment needs one of the user’s consents', async ({ page }) => {
  await signIn(page);
  const wizard = new NewApplicationPage(page);
  await wizard.gotoStart();
  await wizard.startCard('Start an amendment').click();
  await expect(page).toHaveURL('/new-application/child-application?type=amendment');
  await expect(page.getByRole('heading', { level: 2, name: /Your consents/ })).toBeVisible();
  await wizard.button('Create application').click();
  await expect(page.getByText('Choose a consent to continue', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'new application: child application');
});

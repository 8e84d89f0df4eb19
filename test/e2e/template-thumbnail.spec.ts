/**
 * A template with a thumbnail (docs/documents.md): the image chosen
 * in the Save template dialog is previewed, uploaded straight to S3 with a presigned PUT (the signed
 * type), scaled by the server to fit 250 x 150 and shown on the template's card.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from './support/fixtures';
import { demoUser, readOutputs } from './support/outputs';
import { expectNoAxeViolations } from './support/axe';
import { ShellPage } from './pages/ShellPage';
import { ApplicationsPage } from './pages/ApplicationsPage';
import { signIn as cognitoSignIn } from '../support/cognito';
import { Jimp } from '../../functions/platform/adapters/images';
import { createDraftResponse, uniqueStreet } from './support/applications';

const user = demoUser(0);

// Starts signed in as the demo applicant (support/fixtures.ts).
test.use({ signedInAs: 0 });

test('save as template with a thumbnail: presigned upload, scaled by the server, shown on the card', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const tokens = await cognitoSignIn(user.email, user.password, readOutputs());
  const run = randomUUID().slice(0, 6);
  const number = (await createDraftResponse(tokens.IdToken, uniqueStreet('Thumbnail'))).application
    .applicationNumber!;
  // A 1600×1200 photo-like PNG: the server scales it to 200×150.
  const photo = await new Jimp({ width: 1600, height: 1200, color: 0x2a6f97ff }).getBuffer('image/png');

  await page.goto('/');
  await expect(new ShellPage(page).dashboardHeading).toBeVisible();
  const lists = new ApplicationsPage(page);
  await lists.goto('/applications');
  const templateName = `Thumbnail template ${run}`;
  await lists.chooseFromMenu(lists.card(number), 'Save as Template');
  await expect(lists.dialog.getByRole('heading', { name: 'Save a new template' })).toBeVisible();
  await lists.dialog.getByLabel('Name', { exact: true }).fill(templateName);
  await lists.dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: photo });
  const preview = lists.dialog.getByRole('img', { name: `Thumbnail of ${templateName}` });
  await expect(preview).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  await expectNoAxeViolations(page, 'save a new template dialog with a thumbnail');

  const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/thumbnails/'));
  await lists.dialogButton('Save').click();
  const request = await put;
  expect(request.headers()['content-type']).toBe('image/png');
  expect((await request.response())?.status()).toBe(200);
  await expect(
    lists.toast('A new template has been created based on your selected application'),
  ).toBeVisible();

  await lists.goto('/application-templates');
  const template = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: templateName, exact: true }) });
  const thumbnail = template.getByRole('img', { name: `Thumbnail of ${templateName}` });
  await expect(thumbnail).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
    .toEqual([200, 150]);
  await expectNoAxeViolations(page, 'application templates with a thumbnail');
});

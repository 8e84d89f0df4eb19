/**
 * The document upload queue in the browser on the local stack (issue 13 item 5, portal-core §2,
 * §4, §8): several files queued and uploaded one at a time with their states; a duplicate held and
 * renamed through 'Rename files with the same name'; a settled document removed through its
 * dialog; an infected file failing with its message and cleared by 'Remove failed'. Axe on the
 * page and on each dialog.
 */
import { randomUUID } from 'node:crypto';
import type { Route } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { demoUser } from './support/outputs';
import { expectNoAxeViolations } from './support/axe';
import { createDraftApplication, uniqueStreet } from './support/applications';
import { SignInPage } from './pages/SignInPage';
import { ShellPage } from './pages/ShellPage';
import { ApplicationFormPage } from './pages/ApplicationFormPage';
import { DocumentUploadPage, pdfFile } from './pages/DocumentUploadPage';

const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
const PLANS = 'Plans and drawings';

test.use({ actionTimeout: 60_000 });

test('documents queue: one at a time with states, duplicate renamed, remove with its dialog, a failure with its message', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const run = randomUUID().slice(0, 6);
  const user = demoUser(0);
  const { id } = await createDraftApplication(user, uniqueStreet('Queue'));

  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(user.email, user.password);
  await expect(new ShellPage(page).dashboardHeading).toBeVisible();

  const form = new ApplicationFormPage(page);
  await form.goto(id);
  await expect(form.heading).toContainText('Building consent');
  await form.sections.getByRole('link', { name: 'Documents' }).click();
  await expect(form.stepTitle('Plans and documents')).toBeVisible();
  const docs = new DocumentUploadPage(page);
  await expect(docs.input(PLANS)).toBeAttached();
  await expectNoAxeViolations(page, 'documents: empty');

  // The PUTs to the presigned URLs are held until released: the queue's states can be seen.
  const held: Route[] = [];
  let release = false;
  await page.route('**/*', async (route) => {
    const request = route.request();
    if (request.method() !== 'PUT' || new URL(request.url()).pathname.startsWith('/api/')) {
      await route.fallback();
      return;
    }
    if (release) await route.continue();
    else held.push(route);
  });

  await test.step('three files queued: one uploading, the others Queued', async () => {
    const files = ['a', 'b', 'c'].map((n) => pdfFile(`${n}-${run}.pdf`, `Sheet ${n} ${run}`));
    await docs.input(PLANS).setInputFiles(files);
    await expect(docs.card(`a-${run}.pdf`)).toContainText('Uploading...');
    await expect(docs.card(`a-${run}.pdf`).getByRole('progressbar')).toBeVisible();
    await expect(docs.card(`b-${run}.pdf`)).toContainText('Queued');
    await expect(docs.card(`c-${run}.pdf`)).toContainText('Queued');
    await expect.poll(() => held.length).toBe(1);
    await expectNoAxeViolations(page, 'documents: queue in progress');

    // Released one by one: still one PUT at a time.
    await held.shift()!.continue();
    await expect.poll(() => held.length).toBe(1);
    await expect(docs.card(`b-${run}.pdf`)).toContainText('Uploading...');
    await expect(docs.card(`c-${run}.pdf`)).toContainText('Queued');
    release = true;
    await held.shift()!.continue();
    for (const f of files) await docs.expectCompleted(f.name);
  });

  await test.step("a duplicate name: held, then renamed through 'Rename files with the same name'", async () => {
    await docs.input(PLANS).setInputFiles(pdfFile(`a-${run}.pdf`, `Sheet a again ${run}`));
    const dialog = page.getByRole('dialog', { name: 'Rename files with the same name' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`a-${run}.pdf as a-${run}_1.pdf`);
    await expectNoAxeViolations(page, 'documents: rename dialog');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await expect(dialog).toBeHidden();
    await docs.expectCompleted(`a-${run}_1.pdf`);
  });

  await test.step('a settled document removed through its dialog', async () => {
    await docs
      .card(`b-${run}.pdf`)
      .getByRole('button', { name: `Actions for b-${run}.pdf` })
      .click();
    await page.getByRole('menuitem', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove document from application' });
    await expect(dialog).toContainText(`Remove document b-${run}.pdf from ${PLANS}?`);
    await expect(dialog).toContainText("This operation can't be undone.");
    await expectNoAxeViolations(page, 'documents: remove dialog');
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(docs.card(`b-${run}.pdf`)).toHaveCount(0);
  });

  await test.step("an infected file fails with its message; 'Remove failed' clears it", async () => {
    const infected = pdfFile(`infected-${run}.pdf`, EICAR);
    await docs.input(PLANS).setInputFiles(infected);
    await expect(docs.card(infected.name)).toContainText('File is infected. You must replace the file.', {
      timeout: 60_000,
    });
    await expectNoAxeViolations(page, 'documents: a failed upload');
    await page.getByRole('button', { name: `Remove failed documents in ${PLANS}` }).click();
    await expect(docs.card(infected.name)).toHaveCount(0);
    await expect(docs.list(PLANS).getByRole('group')).toHaveCount(3);
  });
});

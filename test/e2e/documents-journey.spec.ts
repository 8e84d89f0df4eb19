/**
 * docs/documents.md's documents journey on the local stack (docs/documents.md): on the form's
 * document-upload step, files queued and uploaded one at a time with their states and a duplicate
 * renamed through 'Rename files with the same name'; on /application-details' Documents section
 * (an Auckland application: its authority converts images), files dropped into two containers (PDFs,
 * a JPEG that becomes a PDF, a password-protected PDF and an infected file refused with their
 * messages and cleared by 'Remove failed'), a card dragged to a new place, a document tagged, the
 * converted photo previewed in the pdf.js viewer, one removed through its dialog and a container
 * emptied with 'Remove all'; then a record of title uploaded and the owners group read from it
 * confirmed on the People section. Axe on each page and dialog.
 */
import { randomUUID } from 'node:crypto';
import type { Route } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { demoUser } from './support/outputs';
import { expectNoAxeViolations } from './support/axe';
import { createDraftApplication, uniqueStreet } from './support/applications';
import { EICAR, fixture, jpeg } from '../support/document-files';
import { titleSet } from '../support/titles';
import { ShellPage } from './pages/ShellPage';
import { ApplicationFormPage } from './pages/ApplicationFormPage';
import { ApplicationDetailsPage } from './pages/ApplicationDetailsPage';
import { ParticipantCardsPage } from './pages/ParticipantCardsPage';
import { DocumentUploadPage, paddedFile, pdfFile } from './pages/DocumentUploadPage';

const PLANS = 'Plans and drawings';
const SPECS = 'Specifications';
const OWNERSHIP = 'Proof of ownership';

// Starts signed in as the demo applicant (support/fixtures.ts).
test.use({ signedInAs: 0 });

test.use({ actionTimeout: 30_000 });

test('documents journey: queue, duplicate renamed, checks, conversion, reorder, tag, preview, remove, owners from the title', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const run = randomUUID().slice(0, 6);
  const user = demoUser(0);
  const { id } = await createDraftApplication(user, uniqueStreet('Docs journey'));
  const plans = ['a', 'b', 'c'].map((n) => pdfFile(`${n}-${run}.pdf`, `Sheet ${n} ${run}`));
  const [a, b, c] = plans.map((f) => f.name) as [string, string, string];

  await page.goto('/');
  await expect(new ShellPage(page).dashboardHeading).toBeVisible();
  const docs = new DocumentUploadPage(page);

  await test.step('the form step: three files uploaded one at a time with their states', async () => {
    const form = new ApplicationFormPage(page);
    await form.goto(id);
    await expect(form.heading).toContainText('Building consent', { timeout: 30_000 });
    await form.sections.getByRole('link', { name: 'Documents' }).click();
    await expect(form.stepTitle('Plans and documents')).toBeVisible();
    await expect(docs.input(PLANS)).toBeAttached();
    await expectNoAxeViolations(page, 'documents step: empty');

    // The PUTs to the presigned URLs are held until released: the queue's states can be seen.
    const held: Route[] = [];
    let release = false;
    await page.route('**/*', async (route) => {
      const request = route.request();
      if (request.method() !== 'PUT' || new URL(request.url()).pathname.startsWith('/api/'))
        return route.fallback();
      if (release) return route.continue();
      held.push(route);
    });
    await docs.input(PLANS).setInputFiles(plans);
    await expect(docs.card(a)).toContainText('Uploading...');
    await expect(docs.card(a).getByRole('progressbar')).toBeVisible();
    await expect(docs.card(b)).toContainText('Queued');
    await expect(docs.card(c)).toContainText('Queued');
    await expect.poll(() => held.length).toBe(1);
    await expectNoAxeViolations(page, 'documents step: queue in progress');
    await held.shift()!.continue();
    await expect.poll(() => held.length).toBe(1);
    await expect(docs.card(b)).toContainText('Uploading...');
    await expect(docs.card(c)).toContainText('Queued');
    release = true;
    await held.shift()!.continue();
    await page.unroute('**/*');
    for (const name of [a, b, c]) await docs.expectCompleted(name);
  });

  await test.step("a duplicate name held, then renamed through 'Rename files with the same name'", async () => {
    await docs.input(PLANS).setInputFiles(pdfFile(a, `Sheet a again ${run}`));
    const dialog = page.getByRole('dialog', { name: 'Rename files with the same name' });
    await expect(dialog).toContainText(`${a} as a-${run}_1.pdf`);
    await expectNoAxeViolations(page, 'documents step: rename dialog');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await expect(dialog).toBeHidden();
    await docs.expectCompleted(`a-${run}_1.pdf`);
  });

  const details = new ApplicationDetailsPage(page);
  const spec = pdfFile(`spec-${run}.pdf`, `Specification ${run}`);
  const photo = paddedFile(`site-${run}.jpg`, 'image/jpeg', await jpeg(400, 300));
  const locked = paddedFile(`locked-${run}.pdf`, 'application/pdf', fixture('password-user.pdf'));
  const infected = pdfFile(`infected-${run}.pdf`, EICAR);

  await test.step('the details page: dropped into two containers; a photo becomes a PDF; refusals with their messages', async () => {
    await details.goto(id, 'Documents');
    await details.expectSection('Documents');
    await expect(docs.input(SPECS)).toBeAttached();
    await docs.drop(PLANS, [photo]);
    await docs.drop(SPECS, [spec, locked, infected]);
    // Stored and listed as the PDF it became.
    await expect(docs.card(`site-${run}.pdf`)).toBeVisible({ timeout: 60_000 });
    await docs.expectCompleted(`site-${run}.pdf`);
    await docs.expectCompleted(spec.name);
    await expect(docs.card(locked.name)).toContainText('Password-protected files are not allowed.');
    await expect(docs.card(infected.name)).toContainText('File is infected. You must replace the file.');
    await expectNoAxeViolations(page, 'details documents: uploaded, two refused');
    await page.getByRole('button', { name: `Remove failed documents in ${SPECS}` }).click();
    await expect(docs.card(locked.name)).toHaveCount(0);
    await expect(docs.card(infected.name)).toHaveCount(0);
    await expect(docs.list(SPECS).getByRole('group')).toHaveCount(1);
    await expect(docs.list(PLANS).getByRole('group')).toHaveCount(5);
  });

  await test.step('reordered by dragging a card onto the next; the order is kept', async () => {
    const firstTwo = async () => (await docs.order(PLANS)).slice(0, 2);
    await expect.poll(firstTwo).toEqual([a, b]);
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().endsWith('/documents/order'),
    );
    await docs.drag(a, b);
    expect((await saved).ok()).toBe(true);
    await expect.poll(firstTwo).toEqual([b, a]);
    await page.reload();
    await expect.poll(firstTwo).toEqual([b, a]);
  });

  await test.step('a document tagged; its tag shows on the card', async () => {
    await docs.choose(spec.name, 'Tags');
    const dialog = page.getByRole('dialog', { name: `Tags of ${spec.name}` });
    await dialog.getByRole('button', { name: /Choose tags/ }).click();
    await page.getByRole('option', { name: /Structural/ }).click();
    await dialog.getByRole('heading', { name: `Tags of ${spec.name}` }).click();
    await expectNoAxeViolations(page, 'details documents: tags dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('list', { name: `Tags of ${spec.name}` })).toContainText('Structural');
  });

  await test.step('the converted photo previewed in the page: a PDF of one page', async () => {
    await docs.choose(`site-${run}.pdf`, 'Preview');
    const dialog = page.getByRole('dialog', { name: `Preview of site-${run}.pdf` });
    await expect(dialog.getByText('Page 1 of 1', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'Page 1 of 1' })).toBeVisible();
    await expect(dialog.getByText('Failed to preview application document')).toHaveCount(0);
    await expectNoAxeViolations(page, 'details documents: preview');
    await dialog.getByRole('button', { name: 'Zoom in' }).click();
    await expect(dialog.getByText('125%')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('one removed through its dialog, a container emptied with Remove all', async () => {
    await docs.choose(a, 'Remove');
    const dialog = page.getByRole('dialog', { name: 'Remove document from application' });
    await expect(dialog).toContainText(`Remove document ${a} from ${PLANS}?`);
    await expect(dialog).toContainText("This operation can't be undone.");
    await expectNoAxeViolations(page, 'details documents: remove dialog');
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(docs.card(a)).toHaveCount(0);
    await expect(docs.list(PLANS).getByRole('group')).toHaveCount(4);

    await page.getByRole('button', { name: `Remove all documents in ${SPECS}` }).click();
    const all = page.getByRole('dialog', { name: 'Remove all documents in a container' });
    await expect(all).toContainText(`Remove all documents from ${SPECS}?`);
    await expect(all).toContainText("This operation can't be undone.");
    await expectNoAxeViolations(page, 'details documents: remove all dialog');
    await all.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(docs.card(spec.name)).toHaveCount(0);
  });

  await test.step('a record of title: the owners read from it, confirmed as the owners group in one action', async () => {
    const title = titleSet[0]!;
    const file = paddedFile(`title-${run}.pdf`, 'application/pdf', await title.pdf());
    await docs.drop(OWNERSHIP, [file]);
    await docs.expectCompleted(file.name);

    // The extraction runs after the scan (Step Functions): the People section shows its proposal.
    await details.goto(id, 'People');
    await details.expectSection('People');
    const people = new ParticipantCardsPage(page);
    const group = people.card('Owners Group');
    await expect(async () => {
      if (!(await group.isVisible())) await page.reload();
      await expect(group).toContainText('Modified by AI', { timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
    await group.getByRole('button', { name: 'Confirm owners group' }).click();
    await expect(people.toast('Owners group confirmed')).toBeVisible();
    await expect(group).not.toContainText('Modified by AI');
    await group.getByText('Contact details', { exact: true }).click();
    for (const owner of title.owners)
      await expect(group.getByRole('listitem').filter({ hasText: owner })).toHaveCount(1);
    await expectNoAxeViolations(page, 'people: owners group confirmed');
  });
});

/**
 * The Documents section of /application-details on the local stack (issue 13 item 9, portal-core
 * §2, §3, §4): a PDF dropped into two containers, reordered by dragging, tagged, previewed in the
 * pdf.js viewer (page 1 of N), one removed through its dialog and a container emptied with 'Remove
 * all'. Axe on the page and on each dialog.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { demoUser } from './support/outputs';
import { expectNoAxeViolations } from './support/axe';
import { createDraftApplication, uniqueStreet } from './support/applications';
import { SignInPage } from './pages/SignInPage';
import { ShellPage } from './pages/ShellPage';
import { ApplicationDetailsPage } from './pages/ApplicationDetailsPage';
import { DocumentUploadPage, pdfFile } from './pages/DocumentUploadPage';

const PLANS = 'Plans and drawings';
const SPECS = 'Specifications';

test.use({ actionTimeout: 60_000 });

/** Drops files on a container's drop zone as a drag from the desktop would. */
async function dropFiles(page: Page, zone: Locator, files: ReturnType<typeof pdfFile>[]) {
  const dataTransfer = await page.evaluateHandle(
    (list) => {
      const dt = new DataTransfer();
      for (const f of list)
        dt.items.add(
          new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name, { type: f.mimeType }),
        );
      return dt;
    },
    files.map((f) => ({ name: f.name, mimeType: f.mimeType, b64: f.buffer.toString('base64') })),
  );
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

/** Drags a card by its handle onto the middle of another card. */
async function drag(page: Page, handle: Locator, onto: Locator) {
  const from = (await handle.boundingBox())!;
  const to = (await onto.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 + 10, { steps: 15 });
  await page.mouse.up();
}

async function openMenu(docs: DocumentUploadPage, fileName: string, item: string) {
  const menuItem = docs.page.getByRole('menuitem', { name: item, exact: true });
  // A refresh of the list (after a save, or the 5 s poll) can redraw the card and close a menu just
  // opened: open it again until the item shows.
  await expect(async () => {
    if (!(await menuItem.isVisible()))
      await docs
        .card(fileName)
        .getByRole('button', { name: `Actions for ${fileName}` })
        .click();
    await expect(menuItem).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await menuItem.click();
}

test('documents on the details page: drop into two containers, drag to reorder, tag, preview, remove', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const run = randomUUID().slice(0, 6);
  const user = demoUser(0);
  const { id } = await createDraftApplication(user, uniqueStreet('Details docs'));

  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(user.email, user.password);
  await expect(new ShellPage(page).dashboardHeading).toBeVisible();

  const details = new ApplicationDetailsPage(page);
  await details.goto(id, 'Documents');
  await details.expectSection('Documents');
  const docs = new DocumentUploadPage(page);
  await expect(docs.input(PLANS)).toBeAttached();
  await expect(docs.input(SPECS)).toBeAttached();
  await expectNoAxeViolations(page, 'details documents: empty');

  const plans = ['a', 'b'].map((n) => pdfFile(`${n}-${run}.pdf`, `Sheet ${n} ${run}`));
  const spec = pdfFile(`spec-${run}.pdf`, `Specification ${run}`);
  const zone = (container: string) =>
    page
      .getByRole('heading', { name: container })
      .locator('xpath=ancestor::*[.//input[@type="file"]][1]')
      .getByText('Drop your file(s) here or click to browse');

  await test.step('a PDF dropped into each of two containers', async () => {
    await dropFiles(page, zone(PLANS), plans);
    await dropFiles(page, zone(SPECS), [spec]);
    for (const f of [...plans, spec]) await docs.expectCompleted(f.name);
    await expect(docs.list(PLANS).getByRole('group')).toHaveCount(2);
    await expect(docs.list(SPECS).getByRole('group')).toHaveCount(1);
    await expectNoAxeViolations(page, 'details documents: uploaded');
  });

  await test.step('reordered by dragging a card onto the next', async () => {
    const order = () =>
      docs
        .list(PLANS)
        .getByRole('group')
        .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
    await expect.poll(order).toEqual([plans[0]!.name, plans[1]!.name]);
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().endsWith('/documents/order'),
    );
    await drag(
      page,
      page.getByRole('button', { name: `Drag ${plans[0]!.name} to reorder` }),
      docs.card(plans[1]!.name),
    );
    expect((await saved).ok()).toBe(true);
    await expect.poll(order).toEqual([plans[1]!.name, plans[0]!.name]);
    await page.reload();
    await expect.poll(order).toEqual([plans[1]!.name, plans[0]!.name]);
  });

  await test.step('a document tagged; its tag shows on the card', async () => {
    await openMenu(docs, spec.name, 'Tags');
    const dialog = page.getByRole('dialog', { name: `Tags of ${spec.name}` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: /Choose tags/ }).click();
    await page.getByRole('option', { name: /Structural/ }).click();
    await dialog.getByRole('heading', { name: `Tags of ${spec.name}` }).click();
    await expectNoAxeViolations(page, 'details documents: tags dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('list', { name: `Tags of ${spec.name}` })).toContainText('Structural');
  });

  await test.step('a PDF previewed in the page: page 1 of N', async () => {
    await openMenu(docs, plans[1]!.name, 'Preview');
    const dialog = page.getByRole('dialog', { name: `Preview of ${plans[1]!.name}` });
    await expect(dialog.getByText(/^Page 1 of \d+$/)).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByRole('img', { name: /^Page 1 of \d+$/ })).toBeVisible();
    await expect(dialog.getByText('Failed to preview application document')).toHaveCount(0);
    await expect(dialog.getByText('Drawing page')).toHaveCount(0);
    await expectNoAxeViolations(page, 'details documents: preview');
    await dialog.getByRole('button', { name: 'Zoom in' }).click();
    await expect(dialog.getByText('125%')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('one removed through its dialog, a container emptied with Remove all', async () => {
    await openMenu(docs, plans[0]!.name, 'Remove');
    const dialog = page.getByRole('dialog', { name: 'Remove document from application' });
    await expect(dialog).toContainText(`Remove document ${plans[0]!.name} from ${PLANS}?`);
    await expectNoAxeViolations(page, 'details documents: remove dialog');
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(docs.card(plans[0]!.name)).toHaveCount(0);
    await expect(docs.list(PLANS).getByRole('group')).toHaveCount(1);

    await page.getByRole('button', { name: `Remove all documents in ${SPECS}` }).click();
    const all = page.getByRole('dialog', { name: 'Remove all documents in a container' });
    await expect(all).toContainText(`Remove all documents from ${SPECS}?`);
    await expect(all).toContainText("This operation can't be undone.");
    await expectNoAxeViolations(page, 'details documents: remove all dialog');
    await all.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(docs.card(spec.name)).toHaveCount(0);
    await expectNoAxeViolations(page, 'details documents: after removal');
  });
});

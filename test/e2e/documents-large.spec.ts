/**
 * A large file in parts, killed half way and resumed (docs/documents.md "Large
 * files"): a 55 MiB PDF (6 parts of at most 10 MiB) is sent by the queue with Uppy's S3 plugin; the
 * page is closed once 3 parts are stored and the 4th has failed on the wire, then opened again: the document
 * reads failed, the same file is chosen again and only the parts S3 does not hold (4 to 6, as the
 * portal's resume answer lists them) are sent (counted at the network), and the document settles
 * Completed. Axe on the page before and after.
 *
 * The 4th part is refused at the network (a dropped connection) rather than held: a request held
 * by a route when the page closes may still be let through as the browser tears the page down
 * (seen in CI: part 4 reached S3 and was not sent again), so a held part made the count a race.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Page, Request } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { demoUser } from './support/outputs';
import { expectNoAxeViolations } from './support/axe';
import { createDraftApplication, uniqueStreet } from './support/applications';
import { ShellPage } from './pages/ShellPage';
import { ApplicationFormPage } from './pages/ApplicationFormPage';
import { DocumentUploadPage, pdfFile } from './pages/DocumentUploadPage';

const PLANS = 'Plans and drawings';
const MiB = 1024 * 1024;

// Starts signed in as the demo applicant (support/fixtures.ts).
test.use({ signedInAs: 0 });

test.use({ actionTimeout: 60_000 });

/** The part number of a presigned UploadPart request (a PUT with partNumber and uploadId), or undefined. */
const partOf = (request: Request): number | undefined => {
  if (request.method() !== 'PUT') return undefined;
  const url = new URL(request.url());
  return url.searchParams.has('uploadId') ? Number(url.searchParams.get('partNumber')) : undefined;
};

async function openDocuments(page: Page, id: string): Promise<DocumentUploadPage> {
  const form = new ApplicationFormPage(page);
  await form.goto(id);
  await form.sections.getByRole('link', { name: 'Documents' }).click();
  await expect(form.stepTitle('Plans and documents')).toBeVisible();
  const docs = new DocumentUploadPage(page);
  await expect(docs.input(PLANS)).toBeAttached();
  return docs;
}

test('a large file closed at half way resumes from its stored parts and settles Completed', async ({
  page,
  context,
}) => {
  test.setTimeout(420_000);
  const name = `plans-${randomUUID().slice(0, 6)}.pdf`;
  const file = path.join(tmpdir(), name);
  writeFileSync(file, pdfFile(name, 'Plans sent in parts', 55 * MiB).buffer);
  const user = demoUser(0);
  const { id } = await createDraftApplication(user, uniqueStreet('Parts'));

  await page.goto('/');
  await expect(new ShellPage(page).dashboardHeading).toBeVisible();
  const first = await openDocuments(page, id);

  // First visit: parts 1-3 go through; every try of the 4th is cut off, then the page is closed.
  const stored: number[] = [];
  let refused = 0;
  // On the context, not the page: a retry of the 4th part fired while the page closes would pass
  // a page's routes as they are taken down, and reach S3 (seen once under CI's load).
  await context.route('**/*', async (route) => {
    const part = partOf(route.request());
    if (part === undefined) return route.fallback();
    if (part <= 3) return route.continue();
    refused += 1;
    return route.abort('connectionreset');
  });
  page.on('requestfinished', (request) => {
    const part = partOf(request);
    if (part !== undefined) stored.push(part);
  });
  await first.input(PLANS).setInputFiles(file);
  await expect(first.card(name)).toContainText('Uploading...');
  await expect(first.card(name).getByRole('progressbar')).toBeVisible();
  await expect.poll(() => stored.length, { timeout: 120_000 }).toBe(3);
  await expect.poll(() => refused, { timeout: 60_000 }).toBeGreaterThan(0);
  await page.close({ runBeforeUnload: false });
  await context.unroute('**/*');

  // Opened again: the unfinished document reads failed until the same file is chosen again.
  const again = await context.newPage();
  const sent: number[] = [];
  again.on('request', (request) => {
    const part = partOf(request);
    if (part !== undefined) sent.push(part);
  });
  const docs = await openDocuments(again, id);
  await expect(docs.card(name)).toContainText('Failed to upload. Please try again.');
  await expectNoAxeViolations(again, 'documents: an upload in parts stopped');
  // The parts S3 holds, as the portal tells the page when it resumes (S3's ListParts).
  const resumed = again.waitForResponse(
    (r) => r.request().method() === 'GET' && new URL(r.url()).pathname.endsWith('/multipart'),
  );
  await docs.input(PLANS).setInputFiles(file);
  const held = ((await (await resumed).json()) as { parts: { partNumber: number }[] }).parts
    .map((p) => p.partNumber)
    .sort((a, b) => a - b);
  await docs.expectCompleted(name, 180_000);
  // Only the parts S3 did not hold were sent again: S3 holds every part stored on the first visit
  // (a 4th cut off as the page closed may have reached it too), and the rest were sent.
  const missing = [1, 2, 3, 4, 5, 6].filter((n) => !held.includes(n));
  expect({ stored, held, sent: [...new Set(sent)].sort((a, b) => a - b) }).toEqual({
    stored: [1, 2, 3],
    held: expect.arrayContaining([1, 2, 3]) as unknown,
    sent: missing,
  });
  await expectNoAxeViolations(again, 'documents: resumed upload completed');
});

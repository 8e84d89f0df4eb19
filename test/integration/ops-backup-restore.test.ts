/**
 * Backup and restore of the local stack, rehearsed (docs/reliability.md "Backup and restore"): on a
 * stack of its own, an applicant's draft with an uploaded, scanned document and a submitted
 * application; the stack stopped and `npm run ops -- backup` taken (refused while it runs); then,
 * on the running stack again, the document deleted (its record and its S3 object) and another
 * application created and submitted; the stack stopped, `npm run ops -- restore`, started again on
 * the restored directory. What the applicant sees is what it was at the backup (the document
 * listed, Completed, downloading the same bytes; the later application gone), and the invariants
 * hold: every upload Completed or Error, the badges read model equal to a rebuild from the rows,
 * and the council's feed has each kept submission once (the undone one not at all) — also for a
 * submission made after the restore, so the event stream goes on from the restored checkpoint; and
 * that submission gets a new id, not the undone one's (the counters are carried forward).
 *
 * The invariants are asserted here directly, and the soak's checks (test/support/soak/invariants.ts)
 * run too, after the restore.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { checkInvariants as soakChecks } from '../support/soak/invariants';
import { startLocalStack, type LocalStack } from '../../infra/local/index';
import { councilApiClient } from '../../infra/council/client';
import type { CouncilEvent } from '../../shared/schemas/council';
import type { ApplicationDocumentDto, CreateDocumentResponse } from '../../shared/schemas/documents';
import { api } from '../support/accounts';
import { signIn } from '../support/cognito';
import { councilCredentials } from '../support/council';
import { subOf } from '../support/documents';
import { minimalPdf } from '../support/pdf';
import { submittedApplication } from '../support/submission';
import { waitFor } from '../support/wait';
import type { StackOutputs } from '../support/outputs';

const root = path.resolve(import.meta.dirname, '../..');
const stackDir = path.join(root, process.env.STACK_DIR ?? '.local-test');
const dataDir = path.join(stackDir, 'backup-restore-test');
const backupDir = path.join(stackDir, 'backup-restore-test-backup');
const portBase = (Number(process.env.PORT_BASE) || 4100) + 380;
const start = (reset: boolean) =>
  startLocalStack({ dataDir, portBase, reset, webMode: 'none', quiet: true, handleSignals: false });

let stack: LocalStack | undefined;
afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(backupDir, { recursive: true, force: true });
});

/** `npm run ops -- <args>` on the test's data directory: exit code and output. */
function ops(...args: string[]) {
  const r = spawnSync(
    path.join(root, 'node_modules/.bin/tsx'),
    ['bin/ops.ts', ...args, '--data-dir', dataDir],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

interface Session {
  o: StackOutputs;
  token: string;
  userId: string;
}

async function session(s: LocalStack): Promise<Session> {
  const o = s.outputs as unknown as StackOutputs;
  const [applicant] = o.DemoUsers;
  const token = (await signIn(applicant!.email, applicant!.password, o)).IdToken;
  return { o, token, userId: subOf(token) };
}

const call = (s: Session, method: string, p: string, body?: unknown) =>
  api(method, p, body, { token: s.token, outputs: s.o });

const docsOf = (id: string) => `/user/applications/${encodeURIComponent(id)}/documents`;

async function documents(s: Session, id: string): Promise<ApplicationDocumentDto[]> {
  const res = await call(s, 'GET', docsOf(id));
  expect(res.status).toBe(200);
  return res.body as ApplicationDocumentDto[];
}

/** The applicant's applications as the list shows them: id → status. */
async function listed(s: Session): Promise<Record<string, string>> {
  const res = await call(s, 'GET', '/user/applicationsV3?pageSize=100');
  expect(res.status).toBe(200);
  const items = (res.body as { items: { id: string; status: string }[] }).items;
  return Object.fromEntries(items.map((i) => [i.id, i.status]));
}

async function download(s: Session, id: string, name: string): Promise<Buffer> {
  const link = await call(s, 'GET', `${docsOf(id)}/${encodeURIComponent(name)}/download-link`);
  expect(link.status).toBe(200);
  const file = await fetch((link.body as { presignedUrl: string }).presignedUrl);
  expect(file.status).toBe(200);
  return Buffer.from(await file.arrayBuffer());
}

const wcc = { city: 'Wellington', zipCode: '6011', country: 'NZ' };

/** The council's feed from the start once `applicationId` is on it (entries settle for 20 s first). */
async function feedWith(s: Session, applicationId: string): Promise<CouncilEvent[]> {
  const council = councilApiClient(councilCredentials('wcc', s.o));
  return waitFor(
    `the feed to have ${applicationId}`,
    async () => {
      const events: CouncilEvent[] = [];
      let cursor = '';
      for (;;) {
        const page = await council.events({ after: cursor, limit: 100 });
        events.push(...page.events);
        if (page.events.length === 0 || page.cursor === cursor) break;
        cursor = page.cursor;
      }
      return events.some((e) => 'applicationId' in e && e.applicationId === applicationId) && events;
    },
    { timeoutMs: 90_000, intervalMs: 1_000 },
  );
}

/** The invariants of a restored stack (docs/reliability.md "Backup and restore"). */
async function checkInvariants(s: Session): Promise<void> {
  // Every upload of every application the applicant sees is Completed or Error.
  for (const id of Object.keys(await listed(s)))
    for (const d of await documents(s, id))
      expect([id, d.name, d.uploadStatus]).toEqual([
        id,
        d.name,
        expect.stringMatching(/^(Completed|Error)$/),
      ]);
  // The badges and filters read model equals a rebuild from the access rows: nothing to write.
  const { buildReadModel } = await import('../../functions/applications/repository/read-model');
  const rebuilt = await buildReadModel(s.userId, { keepCurrentSummary: true });
  expect(rebuilt).toMatchObject({ contributionsWritten: 0, summaryWritten: false, complete: true });
}

/** The soak's invariants (every one held) on the restored stack. */
async function soakInvariants(stack: LocalStack): Promise<void> {
  expect((await soakChecks(stack)).filter((i) => !i.held)).toEqual([]);
}

describe('npm run ops -- backup / restore on a local stack', { timeout: 420_000 }, () => {
  test('what the applicant sees is back after a restore, and the invariants hold', async () => {
    stack = await start(true);
    let s = await session(stack);

    // A draft with a document uploaded through the presigned PUT and scanned.
    const created = await call(s, 'POST', '/user/applications', {
      operationName: 'Create',
      authorityId: 'wcc',
      formId: 'bc',
      address: { address1: '1 Backup Street', ...wcc },
    });
    expect(created.status).toBe(201);
    const draft = (created.body as { id: string }).id;
    const pdf = minimalPdf('Site plan for 1 Backup Street');
    const bytes = Buffer.concat([pdf, Buffer.from(`%${'x'.repeat(7000 - pdf.length - 2)}\n`, 'latin1')]);
    const upload = await call(s, 'POST', docsOf(draft), {
      fileName: 'site plan.pdf',
      mimeType: 'application/pdf',
      size: bytes.length,
      containerId: 'plans',
    });
    expect(upload.status).toBe(201);
    const put = await fetch((upload.body as CreateDocumentResponse).presignedUrl, {
      method: 'PUT',
      body: bytes,
      headers: { 'content-type': 'application/pdf' },
    });
    expect(put.status).toBe(200);
    await waitFor(
      'the scan to settle the upload',
      async () => (await documents(s, draft))[0]?.uploadStatus === 'Completed',
      {
        timeoutMs: 60_000,
      },
    );
    const kept = await submittedApplication(s.token, 'wcc', { address1: '2 Backup Street', ...wcc }, s.o);
    await stack.streams?.drain();
    // The badges read model is built (as the portal's first list view builds it).
    expect((await call(s, 'GET', '/user/applicationsV2/badges')).status).toBe(200);
    await stack.streams?.drain();
    const before = await listed(s);
    expect(before).toEqual({ [draft]: 'Draft', [kept]: 'Submitted' });

    // Refused while the stack runs; taken once it is stopped.
    const refused = ops('backup', backupDir);
    expect(refused.status).toBe(1);
    expect(refused.out).toContain('stop it first');
    await stack.stop();
    const backup = ops('backup', backupDir);
    expect(backup.status, backup.out).toBe(0);
    expect(backup.out).toMatch(/Backed up to .*: \d+ files/);

    // After the backup: the document deleted (record and object), another application submitted.
    stack = await start(false);
    s = await session(stack);
    expect((await call(s, 'DELETE', `${docsOf(draft)}/${encodeURIComponent('site plan.pdf')}`)).status).toBe(
      204,
    );
    expect(await documents(s, draft)).toEqual([]);
    const undone = await submittedApplication(s.token, 'wcc', { address1: '3 Undone Street', ...wcc }, s.o);
    await stack.streams?.drain();
    expect(Object.keys(await listed(s))).toContain(undone);
    await stack.stop();

    const restore = ops('restore', backupDir);
    expect(restore.status, restore.out).toBe(0);
    // The counters go on from where they were, not from the backup: the id and number issued after
    // the backup are never issued again to another application.
    expect(restore.out).toMatch(/Counters carried forward .*applicationId\/all/);
    stack = await start(false);
    s = await session(stack);

    // What the applicant sees is what it was at the backup.
    expect(await listed(s)).toEqual(before);
    const [doc] = await documents(s, draft);
    expect(doc).toMatchObject({ name: 'site plan.pdf', uploadStatus: 'Completed' });
    expect((await download(s, draft, 'site plan.pdf')).equals(bytes)).toBe(true);
    await checkInvariants(s);
    await soakInvariants(stack);

    // The stream goes on from the restored checkpoint: a submission after the restore reaches the
    // list, the read model and the council's feed, once; the undone submission is not on the feed.
    const after = await submittedApplication(s.token, 'wcc', { address1: '4 After Street', ...wcc }, s.o);
    expect(after).not.toBe(undone);
    await stack.streams?.drain();
    expect(await listed(s)).toEqual({ ...before, [after]: 'Submitted' });
    await checkInvariants(s);
    const feed = await feedWith(s, after);
    const submissions = (id: string) =>
      feed.filter((e) => e.type === 'ApplicationSubmitted' && 'applicationId' in e && e.applicationId === id)
        .length;
    expect([submissions(kept), submissions(after), submissions(undone)]).toEqual([1, 1, 0]);
    expect(new Set(feed.map((e) => e.eventId)).size).toBe(feed.length);
    expect(stack.streams?.deadLetters() ?? []).toEqual([]);
  });
});

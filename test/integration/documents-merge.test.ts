/**
 * Container merge on a local stack of its own (docs/documents.md "Merge"): submitting an application whose plans container holds scanned PDFs
 * sets the required document InProgress, the `documents.merge` consumer hands the job to the merge
 * worker (Lambda's asynchronous invoke, infra/local/lambda.ts), which merges the PDFs in their order
 * into `plans.pdf` (Merged); the merged file is served with every page; replaying the events leaves
 * one merged file; a part that is not a readable PDF ends in Error; removing the merged file takes
 * the container back to NotMerged; a slow merge does not hold back later events; a worker that keeps
 * failing is retried and dead-lettered.
 *
 * The stack runs in this process (as local-events.test.ts does), not the suite's stack (another
 * process): the test holds and fails the worker with its test-only seam (`setMergeDelay`, a module
 * variable of the worker that runs in the stack's process), waits for the local Lambda's async
 * invokes (`stack.lambda.idle()`) and reads its dead-letter file; none of these reach another
 * process.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { Logger } from '@aws-lambda-powertools/logger';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { startLocalStack } from '../../infra/local/index';
import { signIn } from '../support/cognito';
import { api } from '../support/accounts';
import { seedDraftAs, seedScannedDocument, subOf } from '../support/documents';
import { domainEventItems, eventsSettled } from '../support/events';
import { waitFor } from '../support/wait';
import type {
  ApplicationDocumentDto,
  DocumentContainerDto,
  DownloadLinkResponse,
} from '../../shared/schemas/documents';
import type { GetApplicationResponse } from '../../shared/schemas/applications';
import type { MergeJob } from '../../shared/schemas/documents-merge';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = path.join(root, process.env.STACK_DIR ?? '.local-test', 'merge-test');
const stack = await startLocalStack({
  dataDir,
  portBase: (Number(process.env.PORT_BASE) || 4100) + 300,
  reset: true,
  webMode: 'none',
  quiet: true,
  handleSignals: false,
});
const o = stack.outputs as unknown as import('../support/outputs').StackOutputs;
afterAll(async () => {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
});
// The stack has pointed the handlers' environment (table, endpoints, bucket) at itself.
const { entities } = await import('../../functions/platform/data/service');
const { s3Client } = await import('../../functions/platform/adapters/aws/s3');
const { updateApplication, getApplication, nextApplicationId } =
  await import('../../functions/applications/repository/applications');
const { mergeConsumers } = await import('../../functions/documents/merge/consumers');
const { mergeWorker, setMergeDelay } = await import('../../functions/documents/merge/worker');

const logger = new Logger({ logLevel: 'SILENT' });
let owner: { token: string; userId: string };

beforeAll(async () => {
  const [applicant] = o.DemoUsers;
  const t = await signIn(applicant!.email, applicant!.password, o);
  owner = { token: t.IdToken, userId: subOf(t.IdToken) };
});

const base = (id: string) => `/user/applications/${encodeURIComponent(id)}`;
const call = (method: string, path: string, body?: unknown) =>
  api(method, path, body, { token: owner.token, outputs: o });

async function pdf(label: string, pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) doc.addPage([595, 842]).drawText(`${label} ${i}`, { x: 50, y: 400, font });
  return doc.save();
}

/** A scanned document of the owner (its bytes under documents/, the record Completed) in `containerId`. */
const seedScanned = (
  applicationId: string,
  name: string,
  bytes: Uint8Array,
  order: number,
  containerId = 'plans',
) => seedScannedDocument(o, { applicationId, name, bytes, order, containerId, createdBy: owner.userId });

/** A Draft of the owner at Manage, with a numeric id as the applications routes need. */
const seedDraft = async () => seedDraftAs(await nextApplicationId(), owner.userId);

/** Submits as POST .../submission does: status Submitted with its ApplicationSubmitted event. */
async function submit(applicationId: string) {
  const previous = await getApplication(applicationId);
  await updateApplication(applicationId, undefined, { status: 'Submitted' }, owner.userId, {
    event: 'ApplicationSubmitted',
    previous,
  });
}

async function mergeStatus(id: string, container = 'plans') {
  const res = await call('GET', base(id));
  if (res.status !== 200) throw new Error(`GET application: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as GetApplicationResponse).requiredDocuments.find(
    (r) => r.documentContainerId === container,
  )?.containerMergeStatus;
}

/** The domain events of an application as the consumers get them, oldest first. */
async function events(aggregateId: string) {
  const out = { Items: await domainEventItems(o, aggregateId) };
  type Item = {
    eventId: string;
    type: string;
    aggregateType: string;
    aggregateId: string;
    occurredAt: string;
    actor: string;
    data: Record<string, unknown>;
  };
  return ((out.Items ?? []) as Item[])
    .map((i) => ({
      eventId: i.eventId,
      type: i.type,
      aggregate: { type: i.aggregateType, id: i.aggregateId },
      occurredAt: i.occurredAt,
      actor: i.actor,
      data: i.data,
    }))
    .sort((a, b) => a.occurredAt.localeCompare(b.occurredAt));
}

const mergedObjects = async (id: string) =>
  (
    await s3Client().send(
      new ListObjectsV2Command({ Bucket: o.UploadsBucket, Prefix: `generated/${id}/merged-` }),
    )
  ).Contents ?? [];

describe('container merge', { timeout: 120_000 }, () => {
  test('submission → InProgress → Merged: one plans.pdf with every page in order; a replay keeps one', async () => {
    const id = await seedDraft();
    await seedScanned(id, 'elevations.pdf', await pdf('Elevations', 2), 1);
    await seedScanned(id, 'site.pdf', await pdf('Site', 3), 0);
    await seedScanned(id, 'sections.pdf', await pdf('Sections', 1), 2);
    await seedScanned(id, 'spec.pdf', await pdf('Spec', 1), 0, 'specifications');
    expect(await mergeStatus(id)).toBe('NotMerged');

    await submit(id);
    await waitFor('plans to be merged', async () => (await mergeStatus(id)) === 'Merged', {
      timeoutMs: 60_000,
    });
    await eventsSettled(o);
    expect(await mergeStatus(id, 'specifications')).toBe('Merged');
    // Proof of ownership holds nothing: not submitted, not merged.
    expect(await mergeStatus(id, 'proof-of-ownership')).toBe('NotMerged');
    const plans = (await events(id))
      .filter((e) => e.type === 'ContainerMergeStatusChanged' && e.data.documentContainerId === 'plans')
      .map((e) => e.data.containerMergeStatus);
    expect(plans).toEqual(['InProgress', 'Merged']);

    const listed = (await call('GET', `${base(id)}/documents`)).body as ApplicationDocumentDto[];
    const merged = listed.filter((d) => d.isMergedFile && d.documentContainerId === 'plans');
    expect(merged).toEqual([
      expect.objectContaining({
        fileName: 'plans.pdf',
        uploadStatus: 'Completed',
        fileType: 'application/pdf',
      }),
    ]);
    const link = (
      await call('GET', `${base(id)}/documents/${encodeURIComponent(merged[0]!.name)}/download-link`)
    ).body as DownloadLinkResponse;
    expect(link.fileName).toBe('plans.pdf');
    const bytes = new Uint8Array(await (await fetch(link.presignedUrl)).arrayBuffer());
    expect(bytes.byteLength).toBe(merged[0]!.fileSize);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(6);

    // Replay both events to the consumers themselves (past the dispatcher's record): nothing new.
    const [onSubmit, merge] = mergeConsumers();
    for (const e of await events(id)) {
      if (e.type === 'ApplicationSubmitted') await onSubmit!.handle(e as never, { logger });
      if (e.type === 'ContainerMergeStatusChanged') await merge!.handle(e as never, { logger });
    }
    await stack.lambda.idle();
    expect(await mergeWorker({ applicationId: id, documentContainerId: 'plans' })).toEqual({
      outcome: 'Skipped',
      reason: 'status Merged',
    });
    await eventsSettled(o);
    const after = (await call('GET', `${base(id)}/documents`)).body as ApplicationDocumentDto[];
    expect(after.filter((d) => d.isMergedFile)).toHaveLength(2);
    expect(after.filter((d) => d.isMergedFile && d.documentContainerId === 'plans')).toEqual(merged);
    expect((await mergedObjects(id)).map((x) => x.Key).sort()).toEqual([
      `generated/${id}/merged-plans.pdf`,
      `generated/${id}/merged-specifications.pdf`,
    ]);
    expect((await events(id)).filter((e) => e.type === 'ContainerMergeStatusChanged')).toHaveLength(4);
  });

  test('a part that is not a readable PDF: InProgress → Error, no merged file', async () => {
    const id = await seedDraft();
    await seedScanned(id, 'a.pdf', await pdf('A', 1), 0);
    await seedScanned(id, 'broken.pdf', new TextEncoder().encode('%PDF-1.7\nnot really a PDF\n%%EOF\n'), 1);

    await submit(id);
    await waitFor('plans to fail', async () => (await mergeStatus(id)) === 'Error', { timeoutMs: 60_000 });
    await eventsSettled(o);
    const listed = (await call('GET', `${base(id)}/documents`)).body as ApplicationDocumentDto[];
    expect(listed.filter((d) => d.isMergedFile)).toEqual([]);
    expect(await mergedObjects(id)).toEqual([]);
    expect((await getApplication(id))?.status).toBe('Submitted');
  });

  test('removing the merged file: the container is NotMerged again, without a merged file name, in the same change', async () => {
    const id = await seedDraft();
    await seedScanned(id, 'site.pdf', await pdf('Site', 2), 0);
    // Submitting the required document (a Draft: its owner at Manage may still remove documents).
    const patched = await call('PATCH', `${base(id)}/required-documents/plans`, {
      containerMergeStatus: 'InProgress',
    });
    expect(patched.status).toBe(200);
    await waitFor('plans to be merged', async () => (await mergeStatus(id)) === 'Merged', {
      timeoutMs: 60_000,
    });
    const plans = async () =>
      ((await call('GET', `${base(id)}/document-containers`)).body as DocumentContainerDto[]).find(
        (c) => c.id === 'plans',
      );
    expect(await plans()).toMatchObject({ containerMergeStatus: 'Merged', mergedFileName: 'plans.pdf' });
    const listed = (await call('GET', `${base(id)}/documents`)).body as ApplicationDocumentDto[];
    const merged = listed.find((d) => d.isMergedFile)!;
    expect(merged.isDeletable).toBe(true);

    const removed = await call('DELETE', `${base(id)}/documents/${encodeURIComponent(merged.name)}`);
    expect(removed.status).toBe(204);
    const container = await plans();
    expect(container?.containerMergeStatus).toBe('NotMerged');
    expect(container).not.toHaveProperty('mergedFileName');
    expect(await mergeStatus(id)).toBe('NotMerged');
    const after = (await call('GET', `${base(id)}/documents`)).body as ApplicationDocumentDto[];
    expect(after.map((d) => d.name)).toEqual(['site.pdf']);
    // The removal wrote both events (one transaction), the status change by the remover.
    const changes = (await events(id)).filter(
      (e) => e.type === 'DocumentRemoved' || e.type === 'ContainerMergeStatusChanged',
    );
    expect(changes.map((e) => e.data.containerMergeStatus ?? e.type).slice(0, 2)).toEqual([
      'InProgress',
      'Merged',
    ]);
    expect(
      changes
        .slice(2)
        .map((e) => [e.type, e.data.containerMergeStatus ?? e.data.documentNames, e.actor])
        .sort(),
    ).toEqual([
      ['ContainerMergeStatusChanged', 'NotMerged', owner.userId],
      ['DocumentRemoved', [merged.name], owner.userId],
    ]);
  });

  test('a slow merge runs beside the stream: an event written after its event is consumed before it ends', async () => {
    const id = await seedDraft();
    await seedScanned(id, 'site.pdf', await pdf('Site', 2), 0);
    const other = await seedDraft();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held: MergeJob[] = [];
    setMergeDelay(async (job) => {
      if (job.applicationId !== id) return;
      held.push(job);
      await gate;
    });
    try {
      const started = await call('PATCH', `${base(id)}/required-documents/plans`, {
        containerMergeStatus: 'InProgress',
      });
      expect(started.status).toBe(200);
      await waitFor('the worker to hold the merge', async () => held.length === 1);

      // A later event on the same stream: the other application's required document back to NotMerged.
      const later = await call('PATCH', `${base(other)}/required-documents/plans`, {
        containerMergeStatus: 'NotMerged',
      });
      expect(later.status).toBe(200);
      const [laterEvent] = (await events(other)).filter((e) => e.type === 'ContainerMergeStatusChanged');
      await waitFor('the later event to be consumed', async () => {
        const { data } = await entities.consumedEvent.query.byEvent({ eventId: laterEvent!.eventId }).go();
        return data.some((d) => d.consumer === 'documents.merge');
      });
      // ...while the merge is still held.
      expect(await mergeStatus(id)).toBe('InProgress');
      expect(held).toEqual([{ applicationId: id, documentContainerId: 'plans' }]);
    } finally {
      release();
      setMergeDelay(undefined);
    }
    await waitFor('plans to be merged', async () => (await mergeStatus(id)) === 'Merged', {
      timeoutMs: 60_000,
    });
  });

  test('a worker that keeps failing is retried twice, then its job is dead-lettered; the status stays InProgress', async () => {
    const id = await seedDraft();
    await seedScanned(id, 'site.pdf', await pdf('Site', 1), 0);
    const attempts: MergeJob[] = [];
    setMergeDelay(async (job) => {
      if (job.applicationId !== id) return;
      attempts.push(job);
      throw new Error('the bucket is unreachable');
    });
    const deadLetters = () =>
      existsSync(stack.lambda.deadLetterFile)
        ? readFileSync(stack.lambda.deadLetterFile, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l) as { requestPayload: MergeJob; requestContext: { condition: string } })
            .filter((l) => l.requestPayload.applicationId === id)
        : [];
    try {
      await call('PATCH', `${base(id)}/required-documents/plans`, { containerMergeStatus: 'InProgress' });
      await waitFor('the job to be dead-lettered', async () => deadLetters().length === 1);
    } finally {
      setMergeDelay(undefined);
    }
    expect(attempts).toHaveLength(3);
    expect(deadLetters()).toEqual([
      expect.objectContaining({
        requestPayload: { applicationId: id, documentContainerId: 'plans' },
        requestContext: expect.objectContaining({ condition: 'RetriesExhausted' }),
      }),
    ]);
    expect(await mergeStatus(id)).toBe('InProgress');
  });
});

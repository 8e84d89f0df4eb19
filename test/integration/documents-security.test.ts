/**
 * The documents attacks of docs/documents.md (points 2, 3, 4) on the local stack, each as an attacker would
 * try it through the real routes, s3rver and the scan trigger (ClamAV):
 *
 * - a second body PUT to the same presigned URL during or after the scan is never served: the
 *   download gives the bytes the scan passed;
 * - an object put under incoming/ with no document waiting for it is removed (a thumbnail is not);
 * - the summary PDF cannot be reached: its name is refused, and a presigned PUT cannot be moved to
 *   another key;
 * - an Edit participant cannot remove another person's document (403, nothing changes), and the
 *   list tells each caller what they may remove.
 */
import { randomUUID } from 'node:crypto';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readOutputs } from '../support/outputs';
import { signIn } from '../support/cognito';
import { api } from '../support/accounts';
import { minimalPdf } from '../support/pdf';
import { waitFor } from '../support/wait';
import { pointAtStack, seedDraft, subOf } from '../support/documents';
import type { ApplicationDocumentDto, CreateDocumentResponse } from '../../shared/schemas/documents';

const o = readOutputs();

pointAtStack(o);

const { entities } = await import('../../functions/platform/data/service');

const s3 = new S3Client({
  endpoint: String(o.S3Endpoint),
  region: o.Region,
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  requestChecksumCalculation: 'WHEN_REQUIRED',
});
afterAll(() => s3.destroy());

interface Caller {
  token: string;
  userId: string;
}
let owner: Caller;
let agent: Caller;

beforeAll(async () => {
  const [a, b] = o.DemoUsers;
  const [ta, tb] = await Promise.all([signIn(a!.email, a!.password, o), signIn(b!.email, b!.password, o)]);
  owner = { token: ta.IdToken, userId: subOf(ta.IdToken) };
  agent = { token: tb.IdToken, userId: subOf(tb.IdToken) };
});

/** A draft owned by the owner (Manage), the agent at `agentLevel` when given. */
const seedApplication = (agentLevel?: 'Edit' | 'Manage') =>
  seedDraft(owner.userId, agentLevel ? [{ userId: agent.userId, accessLevel: agentLevel }] : [], 'sec');

const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

/** A PDF of exactly `size` bytes (the presigned PUT signs the length: both bodies must match it). */
function pdfOfSize(text: string, size = 7000): Buffer {
  const pdf = minimalPdf(text);
  return Buffer.concat([pdf, Buffer.from(`%${'x'.repeat(Math.max(0, size - pdf.length - 2))}\n`, 'latin1')]);
}

const docs = (id: string) => `/user/applications/${encodeURIComponent(id)}/documents`;
const doc = (id: string, name: string) => `${docs(id)}/${encodeURIComponent(name)}`;

async function list(id: string, token = owner.token) {
  const res = await api('GET', docs(id), undefined, { token, outputs: o });
  expect(res.status).toBe(200);
  return res.body as ApplicationDocumentDto[];
}

async function create(id: string, fileName: string, size: number, token = owner.token) {
  const res = await api(
    'POST',
    docs(id),
    { fileName, mimeType: 'application/pdf', size, containerId: 'plans' },
    { token, outputs: o },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as CreateDocumentResponse;
}

const put = (url: string, body: Buffer) =>
  fetch(url, { method: 'PUT', body, headers: { 'content-type': 'application/pdf' } });

async function keysUnder(prefix: string): Promise<string[]> {
  const out = await s3.send(new ListObjectsV2Command({ Bucket: o.UploadsBucket, Prefix: prefix }));
  return (out.Contents ?? []).map((c) => c.Key!);
}

/** Settled, and every upload of the application consumed (the scanner removes incoming/ objects). */
async function settledAndConsumed(id: string, name: string) {
  return waitFor(
    `${name} to settle and its uploads to be consumed`,
    async () => {
      const d = (await list(id)).find((x) => x.name === name);
      return d && d.uploadStatus !== 'Pending' && (await keysUnder(`incoming/${id}/`)).length === 0 && d;
    },
    { timeoutMs: 45_000, intervalMs: 200 },
  );
}

async function download(id: string, name: string) {
  const link = await api('GET', `${doc(id, name)}/download-link`, undefined, {
    token: owner.token,
    outputs: o,
  });
  if (link.status !== 200) return { status: link.status };
  const file = await fetch((link.body as { presignedUrl: string }).presignedUrl);
  return { status: file.status, bytes: Buffer.from(await file.arrayBuffer()) };
}

describe('the scan is bound to the bytes it scanned', () => {
  test('a second body PUT to the same URL during the scan is never served: the download is the scanned bytes', async () => {
    const id = await seedApplication();
    const clean = pdfOfSize('Site plan for 12 Kauri Street');
    const infected = pdfOfSize(EICAR);
    expect(infected.length).toBe(clean.length);
    const { presignedUrl } = await create(id, 'site plan.pdf', clean.length);
    // Both PUTs while the first scan runs (ClamAV takes a while to start): the second replaces the
    // incoming object under the scanner's feet.
    expect((await put(presignedUrl, clean)).status).toBe(200);
    expect((await put(presignedUrl, infected)).status).toBe(200);

    const settled = await settledAndConsumed(id, 'site plan.pdf');
    const served = await download(id, 'site plan.pdf');
    if (settled.uploadStatus === 'Completed') {
      // The scan read the clean body: exactly those bytes are served, never the infected ones.
      expect(served.status).toBe(200);
      expect(served.bytes!.equals(clean)).toBe(true);
    } else {
      // The scan read the infected body: it is refused and nothing is served.
      expect(settled).toMatchObject({ uploadStatus: 'Error', errorCode: 'AV_SCAN_INFECTED' });
      expect(served.status).toBe(409);
    }
    // Whatever the interleaving, exactly one scanned copy exists and it is what the record names.
    const record = await entities.applicationDocument
      .get({ applicationId: id, documentName: 'site plan.pdf' })
      .go();
    expect(await keysUnder(`documents/${id}/`)).toEqual(
      record.data?.storedKey ? [record.data.storedKey] : [],
    );
  });

  test('a second body PUT after the scan is removed, and the document still serves the scanned bytes', async () => {
    const id = await seedApplication();
    const clean = pdfOfSize('Title for 3 Rimu Lane');
    const { presignedUrl } = await create(id, 'title.pdf', clean.length);
    expect((await put(presignedUrl, clean)).status).toBe(200);
    expect((await settledAndConsumed(id, 'title.pdf')).uploadStatus).toBe('Completed');
    const before = await entities.applicationDocument
      .get({ applicationId: id, documentName: 'title.pdf' })
      .go();

    // The URL is still valid (15 minutes): the attacker PUTs an infected body of the same length.
    expect((await put(presignedUrl, pdfOfSize(EICAR, clean.length))).status).toBe(200);
    // Its event is handled (the body removed); every download while it is, and after, is the clean bytes.
    const seen: string[] = [];
    const look = async () => {
      const d = await download(id, 'title.pdf');
      seen.push(d.status !== 200 ? `status ${d.status}` : d.bytes!.equals(clean) ? 'clean' : 'other bytes');
    };
    await waitFor(
      'the second body to be handled',
      async () => {
        await look();
        return (await keysUnder(`incoming/${id}/`)).length === 0;
      },
      { timeoutMs: 30_000 },
    );
    await look();
    expect(new Set(seen)).toEqual(new Set(['clean']));
    const after = await entities.applicationDocument
      .get({ applicationId: id, documentName: 'title.pdf' })
      .go();
    expect(after.data).toEqual(before.data);
    expect(after.data?.storedKey).toMatch(new RegExp(`^documents/${id}/`));
    expect(after.data?.objectKey).toMatch(new RegExp(`^incoming/${id}/`));
  });

  test('an object with no document waiting for it is removed; a thumbnail is left alone', async () => {
    const id = await seedApplication();
    const stray = `incoming/${id}/${randomUUID()}`;
    const thumbnail = `thumbnails/${id}/${randomUUID()}`;
    for (const Key of [thumbnail, stray])
      await s3.send(new PutObjectCommand({ Bucket: o.UploadsBucket, Key, Body: pdfOfSize('stray') }));
    await waitFor('the orphan to be removed', async () => (await keysUnder(`incoming/${id}/`)).length === 0, {
      timeoutMs: 30_000,
    });
    expect(await keysUnder(`thumbnails/${id}/`)).toEqual([thumbnail]);
    const kept = await s3.send(new GetObjectCommand({ Bucket: o.UploadsBucket, Key: thumbnail }));
    expect(kept.ContentLength).toBeGreaterThan(0);
  });
});

describe('server-written files are out of reach', () => {
  test('a document named like the summary PDF is refused with a 400 naming the field; nothing is created', async () => {
    const id = await seedApplication();
    for (const [body, field] of [
      [{ fileName: `summary-${id}.pdf` }, 'body.fileName'],
      [{ fileName: 'plan.pdf', name: 'SUMMARY-BC1.pdf' }, 'body.name'],
    ] as const) {
      const res = await api(
        'POST',
        docs(id),
        { ...body, mimeType: 'application/pdf', size: 7000, containerId: 'plans' },
        { token: owner.token, outputs: o },
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ details: [{ field }] });
    }
    const summary = await api(
      'POST',
      docs(id),
      { fileName: 'x.pdf', mimeType: 'application/pdf', size: 7000, containerId: 'application-summary' },
      { token: owner.token, outputs: o },
    );
    expect(summary.status).toBe(400);
    expect(await list(id)).toEqual([]);
  });

  test('a presigned PUT targets incoming/ only, and cannot be moved to the summary PDF key', async () => {
    const id = await seedApplication();
    const { presignedUrl } = await create(id, 'plan.pdf', 7000);
    const url = new URL(presignedUrl);
    expect(url.pathname).toMatch(new RegExp(`^/${o.UploadsBucket}/incoming/${id}/[0-9a-f-]{36}$`));
    const moved = new URL(presignedUrl);
    moved.pathname = `/${o.UploadsBucket}/generated/${id}/summary-${id}.pdf`;
    const res = await put(moved.toString(), pdfOfSize('forged summary'));
    expect(res.status).toBe(403);
    expect(await keysUnder(`generated/${id}/`)).toEqual([]);
  });
});

describe('removal follows the spec: the uploader or a Manage participant', () => {
  test("an Edit participant cannot remove the owner's document (403, nothing changes) but removes their own", async () => {
    const id = await seedApplication('Edit');
    const body = pdfOfSize('Owner plan');
    const { presignedUrl } = await create(id, 'owner plan.pdf', body.length);
    expect((await put(presignedUrl, body)).status).toBe(200);
    await settledAndConsumed(id, 'owner plan.pdf');
    await create(id, 'agent note.pdf', 7000, agent.token);

    const flags = (ds: ApplicationDocumentDto[]) =>
      Object.fromEntries(ds.map((d) => [d.name, [d.isEditable, d.isDeletable]]));
    expect(flags(await list(id, agent.token))).toEqual({
      'agent note.pdf': [true, true],
      'owner plan.pdf': [false, false],
    });
    expect(flags(await list(id))).toEqual({ 'agent note.pdf': [true, true], 'owner plan.pdf': [true, true] });

    const before = { records: await list(id), objects: await keysUnder(`documents/${id}/`) };
    const refused = await api('DELETE', doc(id, 'owner plan.pdf'), undefined, {
      token: agent.token,
      outputs: o,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: 'You do not have permission to remove this document' });
    expect({ records: await list(id), objects: await keysUnder(`documents/${id}/`) }).toEqual(before);

    const own = await api('DELETE', doc(id, 'agent note.pdf'), undefined, { token: agent.token, outputs: o });
    expect(own.status).toBe(204);
    // The owner (Manage) removes any document, with its scanned copy.
    const byOwner = await api('DELETE', doc(id, 'owner plan.pdf'), undefined, {
      token: owner.token,
      outputs: o,
    });
    expect(byOwner.status).toBe(204);
    expect(await list(id)).toEqual([]);
    expect(await keysUnder(`documents/${id}/`)).toEqual([]);
  });
});

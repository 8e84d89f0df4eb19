/**
 * Application documents on the local stack (docs/documents.md):
 * POST creates the record and a presigned PUT, the browser's PUT reaches s3rver, the scan trigger
 * (ClamAV) settles the document, the list shows it, the download link serves the same bytes, and
 * DELETE removes record and object. Limits answer 400 with the spec's messages; access levels and
 * the application's status are checked on the server.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { readOutputs } from '../support/outputs';
import { signIn } from '../support/cognito';
import { api } from '../support/accounts';
import { minimalPdf } from '../support/pdf';
import { waitFor } from '../support/wait';
import type { ApplicationDocumentDto, CreateDocumentResponse } from '../../shared/schemas/documents';

const o = readOutputs();

// The entities read these at import (module-scope clients): point them at the stack under test.
process.env.TABLE_NAME = o.TableName;
process.env.AWS_REGION = o.Region;
process.env.AWS_ENDPOINT_URL_DYNAMODB = String(o.DynamoDbEndpoint);
process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';

const { entities } = await import('../../functions/platform/data/service');
const { documentClient } = await import('../../functions/platform/adapters/aws-clients');
const { createApplicationDocument } = await import('../../functions/documents/repository/documents');

const subOf = (idToken: string): string =>
  (JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub;

interface Caller {
  token: string;
  userId: string;
}
let owner: Caller;
let readOnly: Caller;

beforeAll(async () => {
  const [applicant, agent] = o.DemoUsers;
  const [a, b] = await Promise.all([
    signIn(applicant!.email, applicant!.password, o),
    signIn(agent!.email, agent!.password, o),
  ]);
  owner = { token: a.IdToken, userId: subOf(a.IdToken) };
  readOnly = { token: b.IdToken, userId: subOf(b.IdToken) };
});

/**
 * Seeds a draft application (the applications routes of another issue create them the same way):
 * the application item and the owner's Manage access row, plus optional other access rows.
 */
async function seedApplication(
  opts: {
    status?: 'Draft' | 'Submitted';
    others?: { userId: string; accessLevel: 'ReadOnly' | 'Edit' }[];
    /** A numeric id, for the applications routes (their path takes only those). */
    numericId?: boolean;
  } = {},
) {
  const applicationId = opts.numericId
    ? String(9_000_000_000 + Math.floor(Math.random() * 999_999_999))
    : `doc-${randomUUID()}`;
  const now = new Date().toISOString();
  await entities.application
    .create({
      applicationId,
      authorityId: 'wcc',
      jurisdictionId: 'nz',
      formId: 'bc',
      status: opts.status ?? 'Draft',
      userId: owner.userId,
      etag: randomUUID(),
      startedDate: now,
      modifiedDate: now,
    })
    .go();
  const rows = [{ userId: owner.userId, accessLevel: 'Manage' as const }, ...(opts.others ?? [])];
  for (const row of rows) {
    await entities.applicationAccess
      .create({
        applicationId,
        userId: row.userId,
        accessLevel: row.accessLevel,
        isOwner: row.userId === owner.userId,
        recordType: 'Draft',
        modifiedDate: now,
        status: opts.status ?? 'Draft',
      })
      .go();
  }
  return applicationId;
}

/** A real PDF of at least 6000 bytes (the minimum), padded with a comment after %%EOF. */
function pdfOfSize(text: string, size = 7000): Buffer {
  const pdf = minimalPdf(text);
  return Buffer.concat([pdf, Buffer.from(`%${'x'.repeat(Math.max(0, size - pdf.length - 2))}\n`, 'latin1')]);
}

const docs = (id: string) => `/user/applications/${encodeURIComponent(id)}/documents`;
const doc = (id: string, name: string) => `${docs(id)}/${encodeURIComponent(name)}`;
const newDoc = (over: Record<string, unknown> = {}) => ({
  fileName: 'site plan.pdf',
  mimeType: 'application/pdf',
  size: 7000,
  containerId: 'plans',
  ...over,
});

async function list(id: string, token = owner.token) {
  const res = await api('GET', docs(id), undefined, { token, outputs: o });
  expect(res.status).toBe(200);
  return res.body as ApplicationDocumentDto[];
}

describe('upload, scan, list, download, delete', () => {
  test('a PDF goes through the presigned PUT and the scan, downloads with its bytes and is removed', async () => {
    const id = await seedApplication();
    const body = pdfOfSize('Site plan for 12 Kauri Street');
    const created = await api(
      'POST',
      docs(id),
      newDoc({ size: body.length, categoryId: 'plans', fileModifiedDate: '2025-03-04T10:30:00Z' }),
      { token: owner.token, outputs: o },
    );
    expect(created.status).toBe(201);
    const { document, presignedUrl } = created.body as CreateDocumentResponse;
    expect(document).toMatchObject({
      name: 'site plan.pdf',
      fileName: 'site plan.pdf',
      fileType: 'application/pdf',
      fileSize: body.length,
      uploadStatus: 'Pending',
      documentContainerId: 'plans',
      documentCategoryId: 'plans',
      fileModifiedDate: '2025-03-04T10:30:00Z',
    });
    expect(presignedUrl).toContain(String(o.S3Endpoint));
    expect(presignedUrl).toContain('X-Amz-Expires=900');

    // The declared type and length are signed: S3 refuses a body of another length or type.
    expect(new URL(presignedUrl).searchParams.get('X-Amz-SignedHeaders')).toBe(
      'content-length;content-type;host',
    );

    const put = await fetch(presignedUrl, {
      method: 'PUT',
      body,
      headers: { 'content-type': 'application/pdf' },
    });
    expect(put.status).toBe(200);

    const settled = await waitFor(
      'the scan to settle the document',
      async () => {
        const [d] = await list(id);
        return d && d.uploadStatus !== 'Pending' && d;
      },
      { timeoutMs: 30_000 },
    );
    expect(settled.uploadStatus).toBe('Completed');
    expect(settled.errorCode).toBeUndefined();

    const link = await api('GET', `${doc(id, 'site plan.pdf')}/download-link`, undefined, {
      token: owner.token,
      outputs: o,
    });
    expect(link.status).toBe(200);
    const { presignedUrl: getUrl, fileName } = link.body as { presignedUrl: string; fileName: string };
    expect(fileName).toBe('site plan.pdf');
    expect(getUrl).toContain('X-Amz-Expires=300');
    const file = await fetch(getUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('attachment; filename="site plan.pdf"');
    expect(Buffer.from(await file.arrayBuffer()).equals(body)).toBe(true);

    const removed = await api('DELETE', doc(id, 'site plan.pdf'), undefined, {
      token: owner.token,
      outputs: o,
    });
    expect(removed.status).toBe(204);
    expect(await list(id)).toEqual([]);
    // The object is gone too: the link signed before the delete now finds nothing.
    expect((await fetch(getUrl)).status).toBe(404);
    expect(
      (await api('DELETE', doc(id, 'site plan.pdf'), undefined, { token: owner.token, outputs: o })).status,
    ).toBe(404);
  });

  test('an infected file settles as Error AV_SCAN_INFECTED and cannot be downloaded', async () => {
    const id = await seedApplication();
    const eicar = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
    const body = pdfOfSize(eicar);
    const created = await api('POST', docs(id), newDoc({ fileName: 'bad.pdf', size: body.length }), {
      token: owner.token,
      outputs: o,
    });
    expect(created.status).toBe(201);
    const { presignedUrl } = created.body as CreateDocumentResponse;
    expect(
      (await fetch(presignedUrl, { method: 'PUT', body, headers: { 'content-type': 'application/pdf' } }))
        .status,
    ).toBe(200);
    const settled = await waitFor(
      'the scan of the infected file',
      async () => {
        const [d] = await list(id);
        return d && d.uploadStatus !== 'Pending' && d;
      },
      { timeoutMs: 30_000 },
    );
    expect(settled).toMatchObject({ uploadStatus: 'Error', errorCode: 'AV_SCAN_INFECTED' });
    const link = await api('GET', `${doc(id, 'bad.pdf')}/download-link`, undefined, {
      token: owner.token,
      outputs: o,
    });
    expect(link.status).toBe(409);
  });

  test('a Pending document created more than 30 minutes ago lists as Error UPLOAD_LINK_EXPIRED', async () => {
    const id = await seedApplication();
    const old = new Date(Date.now() - 31 * 60_000).toISOString();
    // ElectroDB stamps createdAt itself: write the item with an older stamp, as it would be 31 minutes on.
    const params = entities.applicationDocument
      .put({
        applicationId: id,
        documentName: 'stalled.pdf',
        objectKey: `documents/${id}/stalled.pdf`,
        fileName: 'stalled.pdf',
        fileType: 'application/pdf',
        fileSize: 7000,
        documentContainerId: 'plans',
      })
      .params<{ TableName: string; Item: Record<string, unknown> }>();
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    await documentClient().send(
      new PutCommand({ TableName: params.TableName, Item: { ...params.Item, createdAt: old } }),
    );
    const [d] = await list(id);
    expect(d).toMatchObject({ name: 'stalled.pdf', uploadStatus: 'Error', errorCode: 'UPLOAD_LINK_EXPIRED' });
  });

  test('deleting the application removes its files (the documents.files consumer of ApplicationDeleted)', async () => {
    const id = await seedApplication({ numericId: true });
    const body = pdfOfSize('Title for 3 Rimu Lane');
    const created = await api('POST', docs(id), newDoc({ size: body.length, categoryId: 'plans' }), {
      token: owner.token,
      outputs: o,
    });
    const { presignedUrl } = created.body as CreateDocumentResponse;
    expect(
      (await fetch(presignedUrl, { method: 'PUT', body, headers: { 'content-type': 'application/pdf' } }))
        .status,
    ).toBe(200);
    await waitFor('the scan', async () => (await list(id))[0]?.uploadStatus === 'Completed', {
      timeoutMs: 30_000,
    });
    const link = await api('GET', `${doc(id, 'site plan.pdf')}/download-link`, undefined, {
      token: owner.token,
      outputs: o,
    });
    const getUrl = (link.body as { presignedUrl: string }).presignedUrl;
    expect((await fetch(getUrl)).status).toBe(200);

    const deleted = await api('DELETE', `/user/applications/${id}`, undefined, {
      token: owner.token,
      outputs: o,
    });
    expect(deleted.status).toBe(204);
    // The link signed before the delete finds nothing once the consumer has run.
    await waitFor('the file to be removed', async () => (await fetch(getUrl)).status === 404, {
      timeoutMs: 30_000,
    });
  });
});

describe('limits and input', () => {
  test('size and type answer 400 with the spec messages, and nothing is created', async () => {
    const id = await seedApplication();
    const post = (over: Record<string, unknown>) =>
      api('POST', docs(id), newDoc(over), { token: owner.token, outputs: o });

    const large = await post({ fileName: 'huge.pdf', size: 262_144_001 });
    expect(large.status).toBe(400);
    expect(large.body).toMatchObject({
      code: 'ClientError',
      message: 'File "huge.pdf" is too large, we only accept file size less than 250 MB.',
      details: [
        {
          field: 'body.size',
          reason: 'File "huge.pdf" is too large, we only accept file size less than 250 MB.',
        },
      ],
    });

    const type = await post({ fileName: 'photo.jpg', mimeType: 'image/jpeg' });
    expect(type.status).toBe(400);
    expect(type.body).toMatchObject({
      message: 'File "photo.jpg" is not acceptable, we only accept PDF files.',
      details: [{ field: 'body.mimeType' }],
    });

    const small = await post({ fileName: 'tiny.pdf', size: 5999 });
    expect(small.status).toBe(400);
    expect(small.body).toMatchObject({
      // The limit's message, then what to do about it (docs/content-guide.md).
      message:
        'File "tiny.pdf" is not acceptable, we only accept file size of at least 6,000 bytes. ' +
        'Export the PDF again at a higher quality or scan it again, then upload the new file.',
    });

    const shape = await api(
      'POST',
      docs(id),
      { fileName: 'a/b.pdf', size: 'big' },
      { token: owner.token, outputs: o },
    );
    expect(shape.status).toBe(400);
    const fields = (shape.body as { details: { field: string }[] }).details.map((d) => d.field).sort();
    expect(fields).toEqual(['body.containerId', 'body.fileName', 'body.mimeType', 'body.size']);

    const container = await post({ containerId: 'no-such-container' });
    expect(container.status).toBe(400);
    expect(container.body).toMatchObject({ details: [{ field: 'body.containerId' }] });

    expect(await list(id)).toEqual([]);
  });

  test('at most 50 files per container, except an RFIDocument container; names are unique', async () => {
    const id = await seedApplication();
    for (let i = 0; i < 50; i++) {
      await createApplicationDocument({
        applicationId: id,
        documentName: `plan-${i}.pdf`,
        fileName: `plan-${i}.pdf`,
        fileType: 'application/pdf',
        fileSize: 7000,
        documentContainerId: 'plans',
      });
      await createApplicationDocument({
        applicationId: id,
        documentName: `rfi-${i}.pdf`,
        fileName: `rfi-${i}.pdf`,
        fileType: 'application/pdf',
        fileSize: 7000,
        documentContainerId: 'rfi-documents',
      });
    }
    const full = await api('POST', docs(id), newDoc({ fileName: 'one-more.pdf' }), {
      token: owner.token,
      outputs: o,
    });
    expect(full.status).toBe(400);
    expect(full.body).toMatchObject({
      message: 'Max file numbers is 50 per container',
      details: [{ field: 'body.containerId', reason: 'Max file numbers is 50 per container' }],
    });

    const rfi = await api(
      'POST',
      docs(id),
      newDoc({ fileName: 'rfi-extra.pdf', containerId: 'rfi-documents' }),
      {
        token: owner.token,
        outputs: o,
      },
    );
    expect(rfi.status).toBe(201);

    const other = await api('POST', docs(id), newDoc({ fileName: 'plan-3.pdf', containerId: 'other' }), {
      token: owner.token,
      outputs: o,
    });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({
      message: 'A document named "plan-3.pdf" already exists in this application',
    });
    const renamed = await api(
      'POST',
      docs(id),
      newDoc({ name: 'plan-3_1.pdf', fileName: 'plan-3.pdf', containerId: 'other' }),
      { token: owner.token, outputs: o },
    );
    expect(renamed.status).toBe(201);
    expect((renamed.body as CreateDocumentResponse).document).toMatchObject({
      name: 'plan-3_1.pdf',
      fileName: 'plan-3.pdf',
    });
    expect(await list(id)).toHaveLength(102);
  });
});

describe('access', () => {
  test('a ReadOnly participant lists but cannot create or delete; others see nothing', async () => {
    const id = await seedApplication({ others: [{ userId: readOnly.userId, accessLevel: 'ReadOnly' }] });
    const created = await api('POST', docs(id), newDoc(), { token: owner.token, outputs: o });
    expect(created.status).toBe(201);

    expect((await list(id, readOnly.token)).map((d) => d.name)).toEqual(['site plan.pdf']);
    const denied = await api('POST', docs(id), newDoc({ fileName: 'mine.pdf' }), {
      token: readOnly.token,
      outputs: o,
    });
    expect(denied.status).toBe(403);
    expect(
      (await api('DELETE', doc(id, 'site plan.pdf'), undefined, { token: readOnly.token, outputs: o }))
        .status,
    ).toBe(403);
    // A Pending document has no download yet (never before its scan has passed).
    expect(
      (
        await api('GET', `${doc(id, 'site plan.pdf')}/download-link`, undefined, {
          token: readOnly.token,
          outputs: o,
        })
      ).status,
    ).toBe(409);

    const stranger = await seedApplication();
    expect((await api('GET', docs(stranger), undefined, { token: readOnly.token, outputs: o })).status).toBe(
      404,
    );
    expect((await api('GET', docs(id), undefined, { outputs: o })).status).toBe(401);
    expect(await list(id)).toHaveLength(1);
  });

  test('a submitted application is locked: no new documents, no removal', async () => {
    const id = await seedApplication({ status: 'Submitted' });
    const res = await api('POST', docs(id), newDoc(), { token: owner.token, outputs: o });
    expect(res.status).toBe(403);
    // The spec's message, then why in words (shared uploadOffer).
    expect(res.body).toMatchObject({
      message:
        'Application is currently locked from further changes: the council is checking it. You can add documents again if the council asks for more information.',
    });
    await createApplicationDocument({
      applicationId: id,
      documentName: 'lodged.pdf',
      fileName: 'lodged.pdf',
      fileType: 'application/pdf',
      fileSize: 7000,
      documentContainerId: 'plans',
    });
    const del = await api('DELETE', doc(id, 'lodged.pdf'), undefined, { token: owner.token, outputs: o });
    expect(del.status).toBe(403);
    expect((await list(id)).map((d) => d.name)).toEqual(['lodged.pdf']);
  });
});

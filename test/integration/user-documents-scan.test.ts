/**
 * User-level documents through the scan pipeline on the local stack (docs/documents.md "User-level
 * documents", ): POST /user/documents, the file PUT to its presigned URL, the real scan handler,
 * and GET /user/documents/{name} polled until the document settles with the same checks and codes
 * as an application's documents.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { readOutputs } from '../support/outputs';
import { signIn } from '../support/cognito';
import { api } from '../support/accounts';
import { waitFor } from '../support/wait';
import { EICAR, plainPdfDoc } from '../support/document-files';
import { minimalPdf } from '../support/pdf';
import type { ApplicationDocumentDto, CreateDocumentResponse } from '../../shared/schemas/documents';

const o = readOutputs();
let token: string;

beforeAll(async () => {
  const [applicant] = o.DemoUsers;
  token = (await signIn(applicant!.email, applicant!.password, o)).IdToken;
});

const call = (method: string, path: string, body?: unknown) => api(method, path, body, { token, outputs: o });

/** A PDF past the 6000-byte minimum: pdf-lib's plain page with a long random subject. */
async function cleanPdf(): Promise<Buffer> {
  const doc = await plainPdfDoc();
  doc.setSubject(randomBytes(4000).toString('hex'));
  return Buffer.from(await doc.save());
}

/** A PDF of `text` padded with a comment past the 6000-byte minimum (what the virus scan reads). */
function pdfWith(text: string): Buffer {
  const pdf = minimalPdf(text);
  return Buffer.concat([pdf, Buffer.from(`%${'x'.repeat(7000 - pdf.length)}\n`, 'latin1')]);
}

/** Creates a user document, PUTs `bytes` and polls GET until it settles; the settled document. */
async function uploadAndSettle(bytes: Uint8Array): Promise<ApplicationDocumentDto> {
  const name = `licence-${randomUUID()}.pdf`;
  const created = await call('POST', '/user/documents', {
    fileName: name,
    mimeType: 'application/pdf',
    size: bytes.byteLength,
  });
  expect(created.status).toBe(201);
  const { presignedUrl } = created.body as CreateDocumentResponse;
  const put = await fetch(presignedUrl, {
    method: 'PUT',
    body: bytes,
    headers: { 'content-type': 'application/pdf' },
  });
  expect(put.status).toBe(200);
  const path = `/user/documents/${encodeURIComponent(name)}`;
  return waitFor(
    `the scan of ${name} to settle`,
    async () => {
      const doc = (await call('GET', path)).body as ApplicationDocumentDto;
      return doc.uploadStatus !== 'Pending' && doc;
    },
    { timeoutMs: 30_000 },
  );
}

describe('user-level documents are scanned', () => {
  test('a clean PDF settles Completed and its scanned copy can be downloaded', async () => {
    const bytes = await cleanPdf();
    const doc = await uploadAndSettle(bytes);
    expect([doc.uploadStatus, doc.errorCode]).toEqual(['Completed', undefined]);
    const link = await call('GET', `/user/documents/${encodeURIComponent(doc.name)}/download-link`);
    expect(link.status).toBe(200);
    const file = await fetch((link.body as { presignedUrl: string }).presignedUrl);
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
  });

  test('an EICAR file settles Error AV_SCAN_INFECTED and is never served', async () => {
    const doc = await uploadAndSettle(pdfWith(EICAR));
    expect(doc).toMatchObject({ uploadStatus: 'Error', errorCode: 'AV_SCAN_INFECTED' });
    const link = await call('GET', `/user/documents/${encodeURIComponent(doc.name)}/download-link`);
    expect(link.status).toBe(409);
  });
});

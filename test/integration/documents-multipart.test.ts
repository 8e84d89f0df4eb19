/**
 * Large files in parts on the local stack (docs/documents.md "Large files"): the
 * API starts the document's multipart upload and presigns each request, the parts go straight to
 * the S3 stand-in, the stored parts are listed for a resume, a completion is signed only when every
 * part is stored at its size, the completed object is scanned and the document settles Completed;
 * an abort ends the upload. Bad input is 400 on its field and changes nothing.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { readOutputs } from '../support/outputs';
import { signIn } from '../support/cognito';
import { api } from '../support/accounts';
import { minimalPdf } from '../support/pdf';
import { waitFor } from '../support/wait';
import { pointAtStack, seedDraft, subOf } from '../support/documents';
import type { ApplicationDocumentDto } from '../../shared/schemas/documents';
import type { MultipartUploadDto, SignMultipartResponse } from '../../shared/schemas/documents-multipart';

const o = readOutputs();
pointAtStack(o);

let token: string;
let userId: string;
beforeAll(async () => {
  const [applicant] = o.DemoUsers;
  const a = await signIn(applicant!.email, applicant!.password, o);
  token = a.IdToken;
  userId = subOf(a.IdToken);
});

const MiB = 1024 * 1024;
const docs = (id: string) => `/user/applications/${encodeURIComponent(id)}/documents`;
const mp = (id: string, name: string) => `${docs(id)}/${encodeURIComponent(name)}/multipart`;
const call = (method: string, path: string, body?: unknown) => api(method, path, body, { token, outputs: o });

/** A real PDF of `size` bytes (padded after %%EOF). */
function pdfOfSize(size: number): Buffer {
  const pdf = minimalPdf('Plans in parts');
  return Buffer.concat([pdf, Buffer.from(`%${'x'.repeat(size - pdf.length - 2)}\n`, 'latin1')]);
}

async function createLarge(id: string, name: string, size: number) {
  const res = await call('POST', docs(id), {
    fileName: name,
    mimeType: 'application/pdf',
    size,
    containerId: 'plans',
  });
  expect(res.status).toBe(201);
}

async function sign(id: string, name: string, uploadId: string, body: unknown) {
  return call('POST', `${mp(id, name)}/${encodeURIComponent(uploadId)}/sign`, body);
}

async function putPart(url: string, bytes: Buffer): Promise<string> {
  const res = await fetch(url, { method: 'PUT', body: bytes });
  expect(res.status).toBe(200);
  return res.headers.get('etag')!;
}

const completeXml = (etags: string[]) =>
  `<CompleteMultipartUpload>${etags.map((e, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${e}</ETag></Part>`).join('')}</CompleteMultipartUpload>`;

describe('a large document in parts', () => {
  test('parts go to S3, are listed for a resume, completion is checked, the object is scanned and settles', async () => {
    const id = await seedDraft(userId);
    const size = 21 * MiB + 12_345;
    const file = pdfOfSize(size);
    await createLarge(id, 'plans.pdf', size);

    const started = await call('POST', mp(id, 'plans.pdf'));
    expect(started.status).toBe(201);
    const upload = started.body as MultipartUploadDto;
    expect(upload).toMatchObject({ partSize: 10 * MiB, partCount: 3, parts: [] });
    const one = (await call('GET', `${docs(id)}/plans.pdf`)).body as ApplicationDocumentDto;
    expect(one.uploadStatus).toBe('Uploading');

    const signed = await sign(id, 'plans.pdf', upload.uploadId, {
      operation: 'UploadPart',
      partNumbers: [1, 2, 3],
    });
    expect(signed.status).toBe(200);
    const urls = (signed.body as SignMultipartResponse).urls;
    expect(urls.map((u) => u.partNumber)).toEqual([1, 2, 3]);
    const slice = (n: number) => file.subarray((n - 1) * 10 * MiB, Math.min(n * 10 * MiB, size));
    const etags = [await putPart(urls[0]!.url, slice(1)), await putPart(urls[1]!.url, slice(2))];

    // After a reload: the open upload and the parts already stored.
    const resumed = await call('GET', mp(id, 'plans.pdf'));
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({
      uploadId: upload.uploadId,
      partCount: 3,
      parts: [
        { partNumber: 1, size: 10 * MiB },
        { partNumber: 2, size: 10 * MiB },
      ],
    });

    // Not every part stored: no completion.
    const early = await sign(id, 'plans.pdf', upload.uploadId, { operation: 'CompleteMultipartUpload' });
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ details: [{ field: 'body.operation' }] });

    etags.push(await putPart(urls[2]!.url, slice(3)));
    const listUrl = (
      (await sign(id, 'plans.pdf', upload.uploadId, { operation: 'ListParts' })).body as SignMultipartResponse
    ).urls[0]!.url;
    const listed = await (await fetch(listUrl)).text();
    expect(listed.match(/<PartNumber>/g)).toHaveLength(3);

    const completeUrl = (
      (await sign(id, 'plans.pdf', upload.uploadId, { operation: 'CompleteMultipartUpload' }))
        .body as SignMultipartResponse
    ).urls[0]!.url;
    // A wrong ETag is refused as S3 does.
    const wrong = await fetch(completeUrl, {
      method: 'POST',
      body: completeXml([etags[0]!, '"0000"', etags[2]!]),
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('InvalidPart');
    const done = await fetch(completeUrl, { method: 'POST', body: completeXml(etags) });
    expect(done.status).toBe(200);

    const settled = await waitFor(
      'the scan of the completed object',
      async () => {
        const d = (await call('GET', `${docs(id)}/plans.pdf`)).body as ApplicationDocumentDto;
        return d.uploadStatus === 'Completed' || d.uploadStatus === 'Error' ? d : undefined;
      },
      { timeoutMs: 60_000 },
    );
    expect(settled).toMatchObject({ uploadStatus: 'Completed', fileSize: size });
    const link = (await call('GET', `${docs(id)}/plans.pdf/download-link`)).body as { presignedUrl: string };
    const served = Buffer.from(await (await fetch(link.presignedUrl)).arrayBuffer());
    expect(served.equals(file)).toBe(true);
    // Settled: no more parts.
    expect((await call('POST', mp(id, 'plans.pdf'))).status).toBe(409);
  });

  test('bad input is 400 on its field; small files and unknown documents are refused', async () => {
    const id = await seedDraft(userId);
    const size = 15 * MiB;
    await createLarge(id, 'big.pdf', size);
    const { uploadId } = (await call('POST', mp(id, 'big.pdf'))).body as MultipartUploadDto;
    const cases: [unknown, string][] = [
      [{ operation: 'UploadPart', partNumbers: [0] }, 'body.partNumbers.0'],
      [{ operation: 'UploadPart', partNumbers: [10_001] }, 'body.partNumbers.0'],
      [{ operation: 'UploadPart', partNumbers: [1, 1] }, 'body.partNumbers'],
      [{ operation: 'UploadPart', partNumbers: [1, 3] }, 'body.partNumbers.1'],
      [{ operation: 'UploadPart', partNumbers: [1.5] }, 'body.partNumbers.0'],
      [{ operation: 'PutObject' }, 'body.operation'],
    ];
    for (const [body, field] of cases) {
      const res = await sign(id, 'big.pdf', uploadId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body as { details: { field: string }[] }).details.map((d) => d.field)).toContain(field);
    }
    await call('POST', docs(id), {
      fileName: 'small.pdf',
      mimeType: 'application/pdf',
      size: 7000,
      containerId: 'plans',
    });
    expect((await call('POST', mp(id, 'small.pdf'))).status).toBe(409);
    expect((await call('POST', mp(id, 'missing.pdf'))).status).toBe(404);
  });

  test('an abort ends the upload; removing the document aborts its open upload too', async () => {
    const id = await seedDraft(userId);
    await createLarge(id, 'a.pdf', 12 * MiB);
    const { uploadId } = (await call('POST', mp(id, 'a.pdf'))).body as MultipartUploadDto;
    const abortUrl = (
      (await sign(id, 'a.pdf', uploadId, { operation: 'AbortMultipartUpload' })).body as SignMultipartResponse
    ).urls[0]!.url;
    expect((await fetch(abortUrl, { method: 'DELETE' })).status).toBe(204);
    expect((await call('GET', mp(id, 'a.pdf'))).status).toBe(404);

    await createLarge(id, 'b.pdf', 12 * MiB);
    const b = (await call('POST', mp(id, 'b.pdf'))).body as MultipartUploadDto;
    const part = (
      (await sign(id, 'b.pdf', b.uploadId, { operation: 'UploadPart', partNumbers: [1] }))
        .body as SignMultipartResponse
    ).urls[0]!.url;
    await putPart(part, pdfOfSize(10 * MiB));
    expect((await call('DELETE', `${docs(id)}/b.pdf`)).status).toBe(204);
    const listUrl = (
      (await sign(id, 'b.pdf', b.uploadId, { operation: 'ListParts' })).body as
        SignMultipartResponse | undefined
    )?.urls?.[0]?.url;
    expect(listUrl).toBeUndefined(); // the document is gone: nothing is signed
    const { S3Client, ListMultipartUploadsCommand } = await import('@aws-sdk/client-s3');
    const s3 = new S3Client({ endpoint: String(o.S3Endpoint), region: o.Region, forcePathStyle: true });
    const open = await s3.send(
      new ListMultipartUploadsCommand({ Bucket: o.UploadsBucket, Prefix: `incoming/${id}/` }),
    );
    expect(open.Uploads ?? []).toEqual([]);
  });
});

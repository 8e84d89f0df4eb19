import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { GetObjectCommandOutput } from '@aws-sdk/client-s3';
import { TEXT_PAGES, handler } from '../../../../functions/documents/extraction/handler.js';
import { lambdaContext } from '../helpers.js';
import { readFileSync } from 'node:fs';
import { proposeService } from '../../../../functions/documents/extraction/service/propose.js';
import { captureMetrics, expectOnlyCatalogueValues } from '../metrics-capture.js';

vi.hoisted(() => {
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
});

/** A minimal valid PDF (Helvetica text, one content stream per page) with a correct xref table. */
function buildPdf(pages: string[]): Buffer {
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 4 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  pages.forEach((text, i) => {
    const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
    objects[4 + i * 2] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + i * 2} 0 R >>`;
    objects[5 + i * 2] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  });
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const s3 = mockClient(S3Client);
beforeEach(() => s3.reset());

/** The object answered as S3 does: its size from HeadObject, its bytes by ranged GETs only. */
function serve(bytes: Buffer) {
  s3.on(HeadObjectCommand).resolves({ ContentLength: bytes.length });
  s3.on(GetObjectCommand).callsFake((input: { Range?: string }) => {
    const m = /^bytes=(\d+)-(\d+)$/.exec(input.Range ?? '');
    if (!m) throw new Error('a whole-object GET');
    const part = bytes.subarray(Number(m[1]), Number(m[2]) + 1);
    return { Body: { transformToByteArray: async () => new Uint8Array(part) } };
  });
}

const input = (step: string) => ({
  step,
  bucket: 'uploads',
  key: 'documents/a1/Title Deed.pdf',
  applicationId: 'a1',
  documentName: 'Title Deed.pdf',
});

describe('extraction task', () => {
  it("step 'text' extracts the PDF's text to extracted/{key}.txt and reports pages and characters", async () => {
    const pdf = buildPdf(['Certificate of Title', 'Registered owner Jane Smith']);
    serve(pdf);
    s3.on(PutObjectCommand).resolves({});
    const result = await handler(input('text'), lambdaContext);
    const put = s3.commandCalls(PutObjectCommand)[0]!.args[0].input;
    expect(put.Bucket).toBe('uploads');
    expect(put.Key).toBe('extracted/documents/a1/Title Deed.pdf.txt');
    expect(put.Body).toBe('Certificate of Title\fRegistered owner Jane Smith');
    expect(result).toEqual({
      textKey: 'extracted/documents/a1/Title Deed.pdf.txt',
      pages: 2,
      characters: 'Certificate of Title\fRegistered owner Jane Smith'.length,
    });
  });

  it(`a long upload: only the text of its first ${TEXT_PAGES} pages is read, by ranges`, async () => {
    const pdf = buildPdf(Array.from({ length: TEXT_PAGES + 5 }, (_, i) => `Sheet ${i + 1}`));
    serve(pdf);
    s3.on(PutObjectCommand).resolves({});
    const result = await handler(input('text'), lambdaContext);
    const text = String(s3.commandCalls(PutObjectCommand)[0]!.args[0].input.Body);
    expect(text.split('\f')).toHaveLength(TEXT_PAGES);
    expect(text).toContain(`Sheet ${TEXT_PAGES}`);
    expect(text).not.toContain(`Sheet ${TEXT_PAGES + 1}`);
    expect(result).toMatchObject({ pages: TEXT_PAGES + 5 });
    expect(s3.commandCalls(GetObjectCommand).every((c) => c.args[0].input.Range)).toBe(true);
  });

  it('a file that is not a PDF fails the step (the state machine catches it)', async () => {
    serve(Buffer.from('not a pdf at all'));
    await expect(handler(input('text'), lambdaContext)).rejects.toThrow();
    expect(s3.commandCalls(PutObjectCommand)).toHaveLength(0);
  });

  it("step 'title' reads the text step's text as a record of title: owners with their lines", async () => {
    const text = [
      'RECORD OF TITLE',
      'UNDER LAND TRANSFER ACT 2017',
      'Identifier NA123A/456',
      'Date Issued 15 March 2001',
      'Legal Description Lot 2 Deposited Plan 123456',
      'Registered Owners',
      'Aroha Mere Ngata and Wiremu James Ngata',
      'Interests',
    ].join('\n');
    s3.on(GetObjectCommand, { Bucket: 'uploads', Key: 'extracted/documents/a1/Title Deed.pdf.txt' }).resolves(
      {
        Body: { transformToString: async () => text } as unknown as GetObjectCommandOutput['Body'],
      },
    );
    const result = await handler(
      { ...input('title'), textKey: 'extracted/documents/a1/Title Deed.pdf.txt' },
      lambdaContext,
    );
    expect(result).toMatchObject({
      ok: true,
      title: {
        kind: 'RecordOfTitle',
        dateIssued: { value: '2001-03-15' },
        owners: [
          { value: 'Aroha Mere Ngata', line: 'Aroha Mere Ngata and Wiremu James Ngata' },
          { value: 'Wiremu James Ngata', line: 'Aroha Mere Ngata and Wiremu James Ngata' },
        ],
      },
    });
    expect(s3.commandCalls(PutObjectCommand)).toHaveLength(0);
  });

  it("step 'title' without the text's key fails (the state machine catches it)", async () => {
    await expect(handler(input('title'), lambdaContext)).rejects.toThrow('textKey');
  });

  it('an unknown step throws without reading the object', async () => {
    await expect(handler(input('classify-owners'), lambdaContext)).rejects.toThrow(
      "Unknown extraction step 'classify-owners'",
    );
    expect(s3.calls()).toHaveLength(0);
  });

  it('a payload without bucket/key is rejected', async () => {
    await expect(handler({ step: 'text' }, lambdaContext)).rejects.toThrow();
  });
});

describe('metrics (docs/documents.md)', () => {
  const metrics = captureMetrics();
  it('the last task done is ExtractionOutcomes Succeeded; the CountFailure state is Failed', async () => {
    const finished: unknown[] = [];
    const proposer = proposeService({
      application: async (id) => (id === 'gone' ? undefined : ({ applicationId: id } as never)),
      participants: async () => [],
      writeGroup: async () => true,
      fillLegalDescription: async () => true,
      finish: async (...args) => Boolean(finished.push(args)),
    });
    const reading = { ok: false, reason: 'not-a-title' } as never;
    await proposer.propose({
      applicationId: '1000001',
      documentName: 'title.pdf',
      extractionId: 'x1',
      reading,
    });
    await proposer.propose({ applicationId: 'gone', documentName: 'title.pdf', extractionId: 'x2', reading });
    expect(await handler(input('failed'), lambdaContext)).toEqual({});
    expect(finished).toHaveLength(1);
    expect(metrics.emitted()).toEqual([
      { name: 'ExtractionOutcomes', unit: 'Count', dimensions: { outcome: 'Succeeded' } },
      { name: 'ExtractionOutcomes', unit: 'Count', dimensions: { outcome: 'Succeeded' } },
      { name: 'ExtractionOutcomes', unit: 'Count', dimensions: { outcome: 'Failed' } },
    ]);
    expect(s3.calls()).toHaveLength(0);
    expectOnlyCatalogueValues(metrics, ['1000001', 'title.pdf', 'x1']);
  });

  it("a failed workflow ends the document's extraction with nothing proposed (never left Running), only while it is the running one", async () => {
    const finished: unknown[] = [];
    const proposer = proposeService({
      application: async () => undefined,
      participants: async () => [],
      writeGroup: async () => true,
      fillLegalDescription: async () => true,
      finish: async (...args) => Boolean(finished.push(args)),
    });
    await proposer.failed({ applicationId: '1000001', documentName: 'title.pdf', extractionId: 'x1' });
    expect(finished).toEqual([
      [{ applicationId: '1000001', documentName: 'title.pdf' }, 'x1', { hasExtractedData: false }],
    ]);
    // Without the extraction's id (an execution of before) nothing is written: it is only counted.
    expect(await proposer.failed({ applicationId: '1000001', documentName: 'title.pdf' })).toBe(false);
    expect(finished).toHaveLength(1);
    expect(metrics.emitted().filter((m) => m.dimensions.outcome === 'Failed')).toHaveLength(2);
  });

  it('every failing step goes through CountFailure (the extraction function, step failed) to the Fail state', () => {
    const asl = JSON.parse(readFileSync('infra/workflows/extraction.asl.json', 'utf8')) as {
      States: Record<
        string,
        {
          Catch?: { Next: string }[];
          Retry?: { ErrorEquals: string[] }[];
          Next?: string;
          Parameters?: { Payload?: { step?: string } };
        }
      >;
    };
    for (const name of ['ExtractText', 'ReadTitle', 'ProposeOwners']) {
      expect(asl.States[name]!.Catch!.map((c) => c.Next)).toEqual(['CountFailure']);
      // A killed function (timeout, memory, a crash: Lambda.Unknown) is retried: every step may run again.
      expect(asl.States[name]!.Retry!.flatMap((r) => r.ErrorEquals)).toContain('Lambda.Unknown');
    }
    const count = asl.States.CountFailure!;
    expect(count.Parameters!.Payload!.step).toBe('failed');
    // The extraction's id, so the step can end the document's Running extraction.
    expect(count.Parameters!.Payload).toMatchObject({ 'extractionId.$': '$.extractionId' });
    expect([count.Next, ...count.Catch!.map((c) => c.Next)]).toEqual([
      'ExtractionFailed',
      'ExtractionFailed',
    ]);
  });
});

import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { portalHandler } from '../../platform/observability/tracer.js';
import * as z from 'zod';
import { logger } from '../../platform/logger.js';
import { s3Client } from '../../platform/adapters/aws/s3.js';
import { extractedTextKey, loggableKey } from '../model/keys.js';
import type { ByteSource } from '../service/byte-source.js';
import { withPdf } from '../service/pdf-ranges.js';
import { readTitle, type TitleResult } from './service/title.js';
import { proposeService, type ProposeResult } from './service/propose.js';
import { finishExtraction, fillLegalDescription } from './repository.js';
import { applicationOf, participantsOf, writeProposedOwnersGroup } from '../../participants/index.js';

/** Payload of the extraction state machine's Task (infra/workflows/extraction.asl.json). */
export const ExtractionTaskInput = z.object({
  step: z.string(),
  bucket: z.string().min(1),
  key: z.string().min(1),
  applicationId: z.string().min(1),
  documentName: z.string().min(1),
  /** Step 'title': where step 'text' wrote the text. */
  textKey: z.string().min(1).optional(),
  /** Step 'propose': the extraction's id (the settle event's) and the title step's reading. */
  extractionId: z.string().min(1).optional(),
  reading: z.unknown().optional(),
});
export type ExtractionTaskInput = z.infer<typeof ExtractionTaskInput>;

export interface TextStepResult {
  textKey: string;
  pages: number;
  characters: number;
}

/**
 * The pages whose text is read: a record of title runs to a few pages (its owners, legal description
 * and issue date are on the first). A long upload in the proof-of-ownership container (a set of
 * drawings) is not read past them.
 */
export const TEXT_PAGES = 10;

/** An S3 object read by ranges (a ranged GET per range pdf.js asks for): never whole in memory. */
async function s3Source(bucket: string, key: string): Promise<ByteSource> {
  const head = await s3Client().send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
  const size = head.ContentLength ?? 0;
  return {
    size,
    async read(position, length) {
      const last = Math.min(position + length, size) - 1;
      if (last < position) return new Uint8Array(0);
      const out = await s3Client().send(
        new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=${position}-${last}` }),
      );
      return out.Body ? out.Body.transformToByteArray() : new Uint8Array(0);
    },
  };
}

/**
 * A PDF's text, page by page separated by form feeds (pdf.js: lines end where pdf.js sees a line
 * end), of its first {@link TEXT_PAGES} pages, read by ranges (../service/pdf-ranges.ts); `pages` is
 * the document's page count.
 */
export async function pdfText(
  input: Uint8Array | ByteSource,
  maxPages = TEXT_PAGES,
): Promise<{ pages: number; text: string }> {
  return withPdf(input, async (pdf) => {
    const texts: string[] = [];
    for (let n = 1; n <= Math.min(pdf.numPages, maxPages); n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      texts.push(
        content.items
          .filter((item) => 'str' in item && item.str != null)
          .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
          .join(''),
      );
      page.cleanup();
    }
    return { pages: pdf.numPages, text: texts.join('\f') };
  });
}

/** Step 'text': the PDF's text, page by page separated by form feeds, to `extracted/{key}.txt`. */
async function textStep(input: ExtractionTaskInput): Promise<TextStepResult> {
  const { pages, text } = await pdfText(await s3Source(input.bucket, input.key));
  const textKey = extractedTextKey(input.key);
  await s3Client().send(
    new PutObjectCommand({
      Bucket: input.bucket,
      Key: textKey,
      Body: text,
      ContentType: 'text/plain; charset=utf-8',
    }),
  );
  logger.info('extraction: text', { object: loggableKey(input.key), pages, characters: text.length });
  return { textKey, pages, characters: text.length };
}

/**
 * Step 'title': reads the text step's text as a NZ record of title (./service/title.ts): the owners,
 * identifier, district, issue date and legal description with the lines they came from, or why
 * nothing was read (no text layer, not a title, no owners section).
 */
async function titleStep(input: ExtractionTaskInput): Promise<TitleResult> {
  if (!input.textKey) throw new Error("Step 'title' needs the text step's textKey");
  const out = await s3Client().send(new GetObjectCommand({ Bucket: input.bucket, Key: input.textKey }));
  const text = (await out.Body?.transformToString('utf-8')) ?? '';
  const result = readTitle(text);
  logger.info('extraction: title', {
    object: loggableKey(input.key),
    ...(result.ok
      ? { kind: result.title.kind, owners: result.title.owners.length }
      : { reason: result.reason }),
  });
  return result;
}

const proposer = proposeService({
  application: applicationOf,
  participants: participantsOf,
  writeGroup: writeProposedOwnersGroup,
  fillLegalDescription,
  finish: finishExtraction,
});

/**
 * Step 'propose': the owners group, the legal description and the issue date from the reading
 * (./service/propose.ts), and the document's outcome. Logs counts only (names stay out of the logs).
 */
async function proposeStep(input: ExtractionTaskInput): Promise<ProposeResult> {
  if (!input.extractionId) throw new Error("Step 'propose' needs the extractionId");
  const result = await proposer.propose({
    applicationId: input.applicationId,
    documentName: input.documentName,
    extractionId: input.extractionId,
    reading: input.reading as TitleResult,
  });
  logger.info('extraction: proposed', {
    object: loggableKey(input.key),
    hasExtractedData: result.hasExtractedData,
    group: result.group ?? result.groupKept ?? 'none',
    ...(result.legalDescriptionFilled ? { legalDescriptionFilled: true } : {}),
    ...(result.note ? { note: result.note } : {}),
  });
  return result;
}

/** Step Functions task handler: dispatches on `step`; an unknown step throws. Env: TABLE_NAME and S3 settings. */
export async function extraction(
  event: unknown,
): Promise<TextStepResult | TitleResult | ProposeResult | Record<string, never>> {
  const input = ExtractionTaskInput.parse(event);
  switch (input.step) {
    case 'text':
      return textStep(input);
    case 'title':
      return titleStep(input);
    case 'propose':
      return proposeStep(input);
    case 'failed':
      // The CountFailure state: a step failed (after its retries); the document's extraction ends
      // (./service/propose.ts `failed`), then the execution fails.
      await proposer.failed(input);
      return {};
    default:
      throw new Error(`Unknown extraction step '${input.step}'`);
  }
}

export const handler = portalHandler(extraction);

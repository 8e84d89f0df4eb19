/**
 * Large uploads in parts (docs/documents.md "Large files"): the part size, when a
 * file goes in parts, the routes' bodies and answers, and the check a completion passes. Used by
 * the API (functions/documents/multipart/service/multipart.ts) and the browser's queue alike.
 */
import * as z from 'zod';
import { DocumentPath, documentLimits } from './documents.js';

export const multipartLimits = {
  /** 10 MiB parts: 25 parts for the 250 MB maximum; a failed part costs at most this much again. */
  partSize: 10 * 1024 * 1024,
  /** S3's part numbers. */
  maxPartNumber: 10_000,
  /** Files larger than one part go in parts; the rest keep the single presigned PUT. */
  threshold: 10 * 1024 * 1024,
  /** Part URLs signed in one call. */
  maxPartsPerCall: 25,
  /** A part URL (or a list / complete / abort URL) is valid for 15 minutes. */
  urlSeconds: 15 * 60,
  /**
   * A document whose parts are being sent stays unsettled this long after it was created before it
   * reads failed (the bucket aborts incomplete multipart uploads after 1 day).
   */
  stalledAfterMs: 24 * 60 * 60 * 1000,
} as const;

/** True when a file of `size` bytes is uploaded in parts. */
export const usesMultipart = (size: number): boolean => size > multipartLimits.threshold;

/** How many parts a file of `size` bytes has. */
export const partCountOf = (size: number): number => Math.max(1, Math.ceil(size / multipartLimits.partSize));

/** The size of part `partNumber` (1-based) of a file of `size` bytes. */
export const partSizeOf = (size: number, partNumber: number): number =>
  Math.min(multipartLimits.partSize, size - (partNumber - 1) * multipartLimits.partSize);

const UploadId = z.string().trim().min(1, 'Required').max(1024);
const PartNumber = z
  .number('Must be a number')
  .int('Must be a whole number')
  .min(1, 'Must be from 1 to 10000')
  .max(multipartLimits.maxPartNumber, 'Must be from 1 to 10000');

/** Path of the routes of one multipart upload of a document. */
export const MultipartPath = DocumentPath.extend({ uploadId: UploadId });

/** A part already stored (ListParts). */
export const UploadedPartDto = z.object({ partNumber: z.number(), size: z.number(), etag: z.string() });
export type UploadedPartDto = z.infer<typeof UploadedPartDto>;

/** The document's multipart upload: its id, how it is cut, the parts stored so far. */
export const MultipartUploadDto = z.object({
  uploadId: z.string(),
  partSize: z.number(),
  partCount: z.number(),
  parts: z.array(UploadedPartDto),
});
export type MultipartUploadDto = z.infer<typeof MultipartUploadDto>;

/**
 * What to sign for the browser, always for the document's own key: parts (`partNumbers`, each
 * 1..10000 and within the file's part count), the list of stored parts (resume), the completion
 * (only once every part is stored at its size) or the abort (cancel).
 */
export const SignMultipartRequest = z.discriminatedUnion(
  'operation',
  [
    z.object({
      operation: z.literal('UploadPart'),
      partNumbers: z
        .array(PartNumber)
        .min(1, 'Required')
        .max(multipartLimits.maxPartsPerCall, `At most ${multipartLimits.maxPartsPerCall} parts per call`)
        .refine((n) => new Set(n).size === n.length, 'Must not repeat a part'),
    }),
    z.object({ operation: z.literal('ListParts') }),
    z.object({ operation: z.literal('CompleteMultipartUpload') }),
    z.object({ operation: z.literal('AbortMultipartUpload') }),
  ],
  'Must be UploadPart, ListParts, CompleteMultipartUpload or AbortMultipartUpload',
);
export type SignMultipartRequest = z.infer<typeof SignMultipartRequest>;

export const SignMultipartResponse = z.object({
  /** One URL per part asked for (UploadPart), or the one URL of the operation. */
  urls: z.array(z.object({ partNumber: z.number().optional(), url: z.string() })),
});
export type SignMultipartResponse = z.infer<typeof SignMultipartResponse>;

export const multipartMessages = {
  notPending: 'The document is not waiting for its file',
  notMultipart: `Only a file larger than ${multipartLimits.threshold} bytes is uploaded in parts`,
  partOutOfRange: (count: number) => `Must be from 1 to ${count}, the parts of this file`,
  noUpload: 'No upload in parts of this document',
  incomplete: 'Every part of the file must be uploaded before it is completed',
} as const;

/**
 * Whether the stored parts make exactly the declared file: parts 1..n, each of its size (the last
 * the remainder), together `size` bytes. The reason when not.
 */
export function checkParts(
  parts: readonly Pick<UploadedPartDto, 'partNumber' | 'size'>[],
  size: number,
): { ok: true } | { ok: false; reason: string } {
  const count = partCountOf(size);
  if (size > documentLimits.maxFileSize) return { ok: false, reason: 'file too large' };
  const sorted = [...parts].sort((a, b) => a.partNumber - b.partNumber);
  if (sorted.length !== count) return { ok: false, reason: `${sorted.length} of ${count} parts stored` };
  for (const [i, p] of sorted.entries()) {
    if (p.partNumber !== i + 1) return { ok: false, reason: `part ${i + 1} missing` };
    if (p.size !== partSizeOf(size, p.partNumber))
      return { ok: false, reason: `part ${p.partNumber} is ${p.size} bytes` };
  }
  return { ok: true };
}

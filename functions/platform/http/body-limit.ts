import type { HttpEvent } from '../caller.js';
import { PayloadTooLarge } from '../errors.js';

/**
 * Request body caps (docs/architecture.md): every body is measured before anything reads it, and one over
 * its route's cap is refused with 413 and the one error body, so no JSON parsing, schema check or
 * sanitising ever runs on a huge body. Every request of the spec's forms is a few KB (the largest,
 * an account or application patch with its address, is under 16 KB), so the default is 64 KB; a
 * route that needs more says so in its contract (`maxBodyBytes`): step data (STEP_BODY_MAX_BYTES).
 * Template thumbnails are presigned uploads (docs/architecture.md), so creating and changing a template
 * takes the default. Limits and reasons: docs/security.md.
 */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/**
 * API Gateway's own cap on a request body (10 MB): the gateway answers a bigger one with 413 before
 * any Lambda runs, and the local gateway (infra/local/gateway.ts) does the same with the one error
 * body. No route takes that much: files (documents, template thumbnails) go to S3 with presigned
 * PUTs, never through the API.
 */
export const API_GATEWAY_MAX_BODY_BYTES = 10 * 1024 * 1024;

/** The body's size in bytes as it arrived (base64 bodies by their decoded length, without decoding). */
export function bodyBytes(event: Pick<HttpEvent, 'body' | 'isBase64Encoded'>): number {
  const body = event.body;
  if (body === undefined || body === null || body === '') return 0;
  if (event.isBase64Encoded) {
    const padding = body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0;
    return Math.floor((body.length * 3) / 4) - padding;
  }
  return Buffer.byteLength(body, 'utf8');
}

/** Throws PayloadTooLarge (413) when the body is over `maxBytes`. */
export function assertBodyWithin(
  event: Pick<HttpEvent, 'body' | 'isBase64Encoded'>,
  maxBytes: number = DEFAULT_MAX_BODY_BYTES,
): void {
  if (bodyBytes(event) > maxBytes) throw new PayloadTooLarge(maxBytes);
}

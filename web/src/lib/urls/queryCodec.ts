/**
 * "Encoded" query values of the spec's routes (address, parcel, category, access_request…): the
 * value's JSON in base64url (RFC 4648 §5, no padding), so it survives any URL unchanged. Decoding
 * validates with a zod schema and gives undefined for anything that does not parse.
 */
import * as z from 'zod';

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

export function encodeParam(value: unknown): string {
  return toBase64Url(new TextEncoder().encode(JSON.stringify(value)));
}

export function decodeParam<S extends z.ZodType>(
  raw: string | null | undefined,
  schema: S,
): z.infer<S> | undefined {
  if (!raw || !/^[A-Za-z0-9_-]+$/.test(raw)) return undefined;
  try {
    const json: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(fromBase64Url(raw)));
    const parsed = schema.safeParse(json);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The dashboard's `?access_request=`: an encoded `{ applicationId }`. Decoding is here; submitting
 * the request (POST /user/access-requests-v2) and the confirmation dialog come with the
 * access-request issue (see features/dashboard/accessRequestQuery.ts).
 */
export const AccessRequestParam = z.object({
  applicationId: z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative()]).transform(String),
});
export type AccessRequestParam = z.infer<typeof AccessRequestParam>;

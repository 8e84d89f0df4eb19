import { createHash } from 'node:crypto';
import { entities } from '../../platform/data/service.js';

/** How long the code that confirmed an address keeps working for a second click (Cognito's codes last 24 h). */
const KEEP_SECONDS = 24 * 3600;

const norm = (email: string) => email.trim().toLowerCase();
const digest = (s: string) => createHash('sha256').update(s).digest('base64url');
const keyOf = (email: string) => digest(`confirmed-address:${norm(email)}`);
const codeDigestOf = (email: string, code: string) => digest(`confirmed-code:${norm(email)}:${code.trim()}`);

/** Remembers the code that confirmed `email` (digests only; removed by TTL after a day). */
export async function rememberConfirmation(email: string, code: string): Promise<void> {
  await entities.confirmedCode
    .put({
      key: keyOf(email),
      codeDigest: codeDigestOf(email, code),
      ttl: Math.floor(Date.now() / 1000) + KEEP_SECONDS,
    })
    .go({ response: 'none' });
}

/** Whether `code` is the one that confirmed `email` within the last day. */
export async function isConfirmationCode(email: string, code: string): Promise<boolean> {
  const { data } = await entities.confirmedCode.get({ key: keyOf(email) }).go();
  if (!data || data.ttl < Math.floor(Date.now() / 1000)) return false;
  return data.codeDigest === codeDigestOf(email, code);
}

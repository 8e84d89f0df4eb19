import { createHash, randomBytes } from 'node:crypto';

/**
 * The secret of an emailed link (an organisation invitation's registration link): 32 random bytes,
 * base64url (43 characters). It travels only in the mail and, from the link's URL fragment, in a
 * POST body; nothing stores, logs or returns it.
 */
export const newLinkSecret = (): string => randomBytes(32).toString('base64url');

/** What is stored of a link's secret: its SHA-256, base64url. */
export const linkSecretHash = (secret: string): string =>
  createHash('sha256').update(secret, 'utf8').digest('base64url');

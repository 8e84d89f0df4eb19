import { createHash, randomBytes } from 'node:crypto';
import { UNSUBSCRIBE_LINK_DAYS, unsubscribeMessages } from '../../../shared/domain/notifications.js';
import type { UnsubscribeResponse } from '../../../shared/schemas/notifications.js';
import { NotFound } from '../../platform/errors.js';

export interface UnsubscribePorts {
  now(): Date;
  saveToken(token: { tokenHash: string; userId: string; expiresAt: string; ttl: number }): Promise<void>;
  tokenByHash(tokenHash: string): Promise<{ userId: string; expiresAt: string } | undefined>;
  /** Sets the user's emailPreference off; their email, or undefined when there is no such user. */
  stopEmails(userId: string): Promise<{ email: string } | undefined>;
  /** The web's URL, for new links (the mailers' ports; the unsubscribe call itself needs none). */
  webUrl?(): Promise<string | undefined>;
}

/** The line at the foot of every notification email, before its unsubscribe link. */
export const UNSUBSCRIBE_TEXT = 'Stop these emails:';

/** The stored form of a link's token: its SHA-256, base64url (the token itself is never kept). */
export const unsubscribeTokenHash = (token: string): string =>
  createHash('sha256').update(token).digest('base64url');

/** "m…@example.nz": enough for the link's holder to recognise, nothing for anyone else. */
export const maskEmail = (email: string): string => {
  const at = email.indexOf('@');
  return at > 0 ? `${email[0]}…${email.slice(at)}` : '…';
};

/**
 * Unsubscribe links (docs/notifications.md "Unsubscribe"): every notification email carries a link
 * with a fresh random token (32 bytes) that works for {@link UNSUBSCRIBE_LINK_DAYS} days without
 * signing in; only its hash is stored. Following it (a page that POSTs, so a mail scanner fetching
 * the link stops nothing) turns the user's email preference off; again is the same answer.
 */
export function unsubscribeService(ports: UnsubscribePorts) {
  return {
    /** A new link for an email to `userId`. */
    async link(userId: string): Promise<string> {
      if (!ports.webUrl) throw new Error('unsubscribe links need the web URL (tableUnsubscribeLinkPorts)');
      const token = randomBytes(32).toString('base64url');
      const expires = new Date(ports.now().getTime() + UNSUBSCRIBE_LINK_DAYS * 86_400_000);
      await ports.saveToken({
        tokenHash: unsubscribeTokenHash(token),
        userId,
        expiresAt: expires.toISOString(),
        ttl: Math.floor(expires.getTime() / 1000) + 86_400,
      });
      // In the fragment: browsers never send it, so no access log (CloudFront's, the API's) keeps it.
      return `${(await ports.webUrl()) ?? ''}/unsubscribe#token=${token}`;
    },

    /** POST /public/notifications/unsubscribe: the link's user gets no more notification emails. */
    async unsubscribe(token: string): Promise<UnsubscribeResponse> {
      const stored = await ports.tokenByHash(unsubscribeTokenHash(token));
      if (!stored || stored.expiresAt <= ports.now().toISOString())
        throw new NotFound(unsubscribeMessages.linkInvalid);
      const user = await ports.stopEmails(stored.userId);
      if (!user) throw new NotFound(unsubscribeMessages.linkInvalid);
      return { email: maskEmail(user.email), emailPreference: false };
    },
  };
}

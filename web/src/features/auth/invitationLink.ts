/**
 * The organisation invitation's registration link (docs/organisations.md "The registration link"):
 * `/registration-via-invitation#code=<secret>`. The secret rides in the URL's fragment, which the
 * browser never sends to a server (no access log, no Referer keeps it); the page reads it here and
 * sends it in a POST body. Here, not in ./flows, so the signed-out routes' guard loads nothing else.
 */

/** The link's secret from the location's hash (`#code=…`), or undefined when there is none. */
export function invitationCodeFromHash(hash: string): string | undefined {
  const code = new URLSearchParams(hash.replace(/^#/, '')).get('code')?.trim();
  return code ? code : undefined;
}

/**
 * An old mail's link carried the invitation's id in the query (`?code=<id>`): that id is no code any
 * more (its inviter could read it back). The guard reads it once, replaces the URL at once (so the
 * history entry keeps no query) and leaves this router state for the page, which says the code is
 * not valid and what to do instead.
 */
export const LEGACY_INVITATION_LINK = 'legacyInvitationLink';

/** A non-empty `?code=` of an old invitation link, or undefined. */
export const legacyInvitationCode = (search: string): string | undefined =>
  new URLSearchParams(search).get('code')?.trim() || undefined;

export const isLegacyInvitationLink = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && LEGACY_INVITATION_LINK in state;

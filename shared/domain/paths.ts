/**
 * Links to the portal's pages that both sides build (pages, emails, notifications). A module of its
 * own, importing nothing: the sign-in page's first load carries it (shared/domain/returnPath.ts), and
 * it must not bring the application rules with it.
 */

/**
 * The application details page (core §2: `?section=` one of the nine, `?subSection=` a part of it to
 * scroll to): the one builder of its links, for pages, emails and notifications.
 */
export function applicationDetailsPath(id: string, section?: string, subSection?: string): string {
  const query = new URLSearchParams();
  if (section) query.set('section', section);
  if (subSection) query.set('subSection', subSection);
  const q = query.toString();
  return `/application-details/${encodeURIComponent(id)}${q ? `?${q}` : ''}`;
}

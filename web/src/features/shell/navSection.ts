/** The side navigation's sections (docs/features.md). */
export const NAV_ITEMS = [
  { key: 'nav.dashboard', href: '/', icon: 'grid-view' },
  { key: 'nav.projects', href: '/projects', icon: 'folder' },
  { key: 'nav.libraries', href: '/libraries', icon: 'file' },
  { key: 'nav.organisation', href: '/organisation-members', icon: 'group' },
] as const;

export type NavHref = (typeof NAV_ITEMS)[number]['href'];

/**
 * The pages each section holds (by their first path segment): the lists, a new application, the
 * form and everything of one application belong to Projects; templates and contacts to Libraries.
 */
const SECTION_OF: Record<string, NavHref> = {
  projects: '/projects',
  applications: '/projects',
  consents: '/projects',
  'new-application': '/projects',
  'application-form': '/projects',
  'application-details': '/projects',
  'application-submitted': '/projects',
  'application-form-pdf': '/projects',
  'application-rfis-pdf': '/projects',
  libraries: '/libraries',
  'application-templates': '/libraries',
  contacts: '/libraries',
  'organisation-members': '/organisation-members',
  'organisation-invitations': '/organisation-members',
  'organisation-disabled-members': '/organisation-members',
};

/**
 * The section the page belongs to, highlighted in the side navigation: Dashboard only on `/`;
 * pages of no section (the profile, notification settings) highlight none.
 */
export function navSection(pathname: string): NavHref | undefined {
  const first = pathname.split('/').find(Boolean);
  if (first === undefined) return '/';
  return Object.hasOwn(SECTION_OF, first) ? SECTION_OF[first] : undefined;
}

import { apiPaths } from '../api/paths';
import { listQuery, type Query } from '../api/url';
import { FIRST_RECENT_TAB, recentParams } from '../features/dashboard/recent';

/**
 * The GETs a signed-in load of `pathname` starts before its page asks (docs/performance.md, steps 19
 * and 21): GET /user everywhere (the shell's user menu, the profile reminder) and, on the dashboard,
 * its first recent list. The boot script and app/warmStart.ts start them; the page's first draw takes
 * their responses. Pure: the boot script bundles it apart from the app.
 */
export function warmGets(pathname: string): { path: string; query?: Query }[] {
  return [
    { path: apiPaths.user },
    ...(pathname === '/'
      ? [{ path: apiPaths.applicationsV3, query: listQuery(recentParams(FIRST_RECENT_TAB)) }]
      : []),
  ];
}

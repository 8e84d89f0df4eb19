import { apiPaths, FORM_JURISDICTION_ID } from '../api/paths';
import { listQuery, type Query } from '../api/url';
import { FIRST_RECENT_TAB, recentParams } from '../features/dashboard/recent';

/** `/application-form/{id}[/…]`: the id, encoded as the app's calls encode it; undefined elsewhere. */
function formApplicationId(pathname: string): string | undefined {
  const id = /^\/application-form\/([^/]+)/.exec(pathname)?.[1];
  try {
    return id === undefined ? undefined : encodeURIComponent(decodeURIComponent(id));
  } catch {
    return undefined; // a malformed URL: the page will say so, nothing to warm
  }
}

/**
 * The GETs a signed-in load of `pathname` starts before its page asks (docs/performance.md, steps 19
 * and 21, and "The form page"): GET /user everywhere (the shell's user menu, the profile reminder);
 * on the dashboard, its first recent list; on an application's form page, the application, its
 * enabled steps and the jurisdiction (public: `anonymous`, sent without the token, as the page asks
 * for it). The boot script and app/warmStart.ts start them; the page's first draw takes their
 * responses. Pure: the boot script bundles it apart from the app.
 */
export function warmGets(pathname: string): { path: string; query?: Query; anonymous?: true }[] {
  const applicationId = formApplicationId(pathname);
  return [
    { path: apiPaths.user },
    ...(pathname === '/'
      ? [{ path: apiPaths.applicationsV3, query: listQuery(recentParams(FIRST_RECENT_TAB)) }]
      : []),
    ...(applicationId
      ? [
          ...[apiPaths.application, apiPaths.enabledSteps].map((p) => ({
            path: p.replace('{id}', applicationId),
          })),
          { path: apiPaths.jurisdiction.replace('{id}', FORM_JURISDICTION_ID), anonymous: true as const },
        ]
      : []),
  ];
}

import type { ApiRouteKey } from '../../../shared/contracts/index';

type GetPath<K> = K extends `GET ${infer P}` ? P : never;

/**
 * Paths of the calls a signed-in load starts early (app/warmGets.ts, the boot script) as well as
 * their API modules: each is a GET route of the contract (checked by type; no bytes).
 */
export const apiPaths = {
  user: '/user',
  applicationsV3: '/user/applicationsV3',
  application: '/user/applications/{id}',
  enabledSteps: '/user/applications/{id}/enabled-steps',
  jurisdiction: '/public/jurisdictions/{id}',
} as const satisfies Record<string, GetPath<ApiRouteKey>>;

/** The jurisdiction every application form belongs to (its page's GET, warmed on a form page's load). */
export const FORM_JURISDICTION_ID = 'nz';

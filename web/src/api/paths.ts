/** Paths of the calls a signed-in load starts early (app/warmGets.ts) as well as their API modules. */
export const apiPaths = {
  user: '/user',
  applicationsV3: '/user/applicationsV3',
} as const;

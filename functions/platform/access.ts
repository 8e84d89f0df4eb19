import type { EntityItem } from 'electrodb';
import { accessRank } from '../../shared/domain/applications.js';
import type { Access } from '../routes.js';
import type { AccessLevel } from '../../shared/schemas/common.js';
import { entities } from './data/service.js';
import type {
  application as applicationEntity,
  applicationAccess as accessEntity,
} from './data/entities/application.js';
import { Forbidden, NotFound } from './errors.js';
import type { Caller } from './caller.js';

export type ApplicationRecord = EntityItem<typeof applicationEntity>;
export type ApplicationAccessRecord = EntityItem<typeof accessEntity>;

/** What a route's access grants its handler: the application and the caller's access row on it. */
export interface ApplicationGrant {
  application: ApplicationRecord;
  access: ApplicationAccessRecord;
}

export type GrantOf<A extends Access> = A extends { application: string } ? ApplicationGrant : object;

export const APPLICATION_NOT_FOUND = 'Application not found';

/**
 * The one access policy. Runs before every handler, from the route's declared `access`:
 * - application access: the caller's access row on the application in the path. No application,
 *   no row or None → 404 (an application's existence never shows to a stranger); a level below the
 *   route's → 403. Both reads run together (two GetItems).
 * - caller kinds other than user are checked by the caller resolution (no identity → 401).
 */
export async function grantAccess(
  access: Access,
  caller: Caller,
  params: Record<string, unknown>,
): Promise<Partial<ApplicationGrant>> {
  if (!('application' in access)) return {};
  if (caller.kind !== 'user') throw new Forbidden();
  const applicationId = params[access.param];
  if (typeof applicationId !== 'string') throw new NotFound(APPLICATION_NOT_FOUND);
  return loadApplicationAccess(applicationId, caller.userId, access.application);
}

/**
 * The one check of a user's access to an application, also used by services for an application a
 * request names in its body (the source of a duplicate, a template).
 */
export async function loadApplicationAccess(
  applicationId: string,
  userId: string,
  minimum: AccessLevel,
): Promise<ApplicationGrant> {
  const [application, row] = await Promise.all([
    entities.application.get({ applicationId }).go(),
    entities.applicationAccess.get({ applicationId, userId }).go(),
  ]);
  if (!application.data || !row.data || accessRank(row.data.accessLevel) < 1)
    throw new NotFound(APPLICATION_NOT_FOUND);
  if (accessRank(row.data.accessLevel) < accessRank(minimum)) throw new Forbidden();
  return { application: application.data, access: row.data };
}

import type { EntityItem } from 'electrodb';
import { accessRank } from '../../shared/domain/applications.js';
import type { Access } from '../routes.js';
import type { AccessLevel, OrganisationRole } from '../../shared/schemas/common.js';
import { readOrganisationRole } from '../../shared/domain/user.js';
import { soleTraderOrganisationId, userOrganisationRole } from '../../shared/domain/organisations.js';
import type { MemberStatus } from '../../shared/domain/organisations.js';
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

/**
 * What an organisation route's access grants: the caller's membership of their organisation. A
 * user who never joined one is the active admin of their own (`soleTrader`: no rows exist yet; the
 * organisations service writes them on its first change).
 */
export interface OrganisationGrant {
  membership: {
    organisationId: string;
    userId: string;
    role: OrganisationRole;
    status: MemberStatus;
    soleTrader: boolean;
  };
}

export type GrantOf<A extends Access> = A extends { application: string }
  ? ApplicationGrant
  : A extends { organisation: string }
    ? OrganisationGrant
    : object;

export const APPLICATION_NOT_FOUND = 'Application not found';

/**
 * The one access policy. Runs before every handler, from the route's declared `access`:
 * - application access: the caller's access row on the application in the path. No application,
 *   no row or None → 404 (an application's existence never shows to a stranger); a level below the
 *   route's → 403. Both reads run together (two GetItems).
 * - organisation access: the caller's membership of their organisation (the user record's
 *   organisationId, the member row's role and status, read consistently). Disabled, or Normal on an
 *   admin route → 403. No organisation → the admin of their own (a sole trader).
 * - caller kinds other than user are checked by the caller resolution (no identity → 401).
 */
export async function grantAccess(
  access: Access,
  caller: Caller,
  params: Record<string, unknown>,
): Promise<Partial<ApplicationGrant & OrganisationGrant>> {
  if ('organisation' in access) {
    if (caller.kind !== 'user') throw new Forbidden();
    return { membership: await loadMembership(caller.userId, access.organisation) };
  }
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

/**
 * The one check of a user's membership of their organisation: active, and Admin when `minimum` is
 * Admin (403 otherwise). The member row is the truth for role and status; a user record naming an
 * organisation without a row (written before rows existed) reads its organisationRole (unknown →
 * Normal) as an active member.
 */
export async function loadMembership(
  userId: string,
  minimum: OrganisationRole,
): Promise<OrganisationGrant['membership']> {
  const { data: user } = await entities.user.get({ userId }).go({ consistent: true });
  const organisationId = user?.organisationId;
  const membership: OrganisationGrant['membership'] = organisationId
    ? await memberRow(organisationId, userId, user?.organisationRole)
    : {
        // A sole trader: the admin of their own, by the rule the web applies to GET /user (one rule).
        organisationId: soleTraderOrganisationId(userId),
        userId,
        role: userOrganisationRole({ organisationRole: readOrganisationRole(user?.organisationRole) }),
        status: 'Active',
        soleTrader: true,
      };
  if (membership.status !== 'Active') throw new Forbidden();
  if (minimum === 'Admin' && membership.role !== 'Admin') throw new Forbidden();
  return membership;
}

async function memberRow(
  organisationId: string,
  userId: string,
  userRole: unknown,
): Promise<OrganisationGrant['membership']> {
  const { data } = await entities.organisationMember.get({ organisationId, userId }).go({ consistent: true });
  return {
    organisationId,
    userId,
    role: readOrganisationRole(data ? data.role : userRole),
    status: data?.status ?? 'Active',
    soleTrader: false,
  };
}

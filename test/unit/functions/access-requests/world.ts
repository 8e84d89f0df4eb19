import type {
  AccessRequestPorts,
  RequesterProfile,
} from '../../../../functions/access-requests/service/requests.js';
import type { AccessRequestRecord } from '../../../../functions/access-requests/repository/requests.js';
import type { ApplicationGrant, ApplicationRecord } from '../../../../functions/platform/access.js';
import type { AccessLevel } from '../../../../shared/schemas/common.js';

export const T0 = new Date('2026-03-02T00:00:00.000Z');
export const DAY = 24 * 3600 * 1000;

export const completeProfile: RequesterProfile = {
  email: 'req@demo.consent.nz',
  firstName: 'Rawiri',
  lastName: 'Builder',
  contactNumber: '0215550101',
  address: { fullAddress: '9 Queen Street, Auckland 1010' },
};

/**
 * An in-memory table for the access-requests service with the repository's conditions: the
 * one-active guard per project and requester (absent or expired), answers only from stored PENDING
 * before expiry, expiry only from stored PENDING after it. Writes yield first, so concurrent
 * requests read the same state before any of them writes.
 */
export function world() {
  let clock = T0.getTime();
  let ids = 0;
  const profiles = new Map<string, RequesterProfile>();
  const apps = new Map<string, ApplicationRecord>();
  const access = new Map<string, AccessLevel>(); // app\nuser
  const requests = new Map<string, AccessRequestRecord>();
  const guards = new Map<string, { requestGuid: string; expireTime: string; createdDate?: string }>();
  const added: { applicationId: string; email?: string; accessLevel: string; accessRequestGuid?: string }[] =
    [];
  const k = (a: string, u: string) => `${a}\n${u}`;
  const tick = () => new Promise<void>((r) => setImmediate(r));

  const answerable = (r: AccessRequestRecord, answer: string, at: string) => {
    const cur = requests.get(r.requestGuid);
    if (cur?.status !== 'PENDING') return false;
    return answer === 'EXPIRED' ? cur.expireTime <= at : cur.expireTime > at;
  };
  const apply = (r: AccessRequestRecord, answer: 'APPROVED' | 'DENIED' | 'EXPIRED', at: string) => {
    requests.set(r.requestGuid, { ...requests.get(r.requestGuid)!, status: answer, completionDate: at });
    if (answer !== 'EXPIRED') guards.delete(k(r.applicationId, r.requesterId));
  };

  const ports: AccessRequestPorts = {
    now: () => new Date(clock),
    newId: () => `g${++ids}`,
    profile: async (u) => profiles.get(u),
    application: async (id) => apps.get(id),
    async grantOf(applicationId, userId) {
      const level = access.get(k(applicationId, userId));
      const application = apps.get(applicationId);
      if (!level || !application) return undefined;
      return { application, access: { applicationId, userId, accessLevel: level } } as ApplicationGrant;
    },
    getRequest: async (g) => requests.get(g),
    requestsOfRequester: async (u) =>
      [...requests.values()]
        .filter((r) => r.requesterId === u)
        .sort((a, b) => b.createdDate.localeCompare(a.createdDate)),
    pendingRequestsOfOwner: async (u) =>
      [...requests.values()].filter((r) => r.ownerId === u && r.status === 'PENDING' && !r.handled),
    pendingCountOf: async (u, now) =>
      [...requests.values()].filter(
        (r) => r.requesterId === u && r.status === 'PENDING' && r.expireTime > now,
      ).length,
    activeGuardOf: async (a, u) => guards.get(k(a, u)),
    async writeNewRequest(r, now) {
      await tick();
      const g = guards.get(k(r.applicationId, r.requesterId));
      if (g && g.expireTime > now) return false;
      guards.set(k(r.applicationId, r.requesterId), {
        requestGuid: r.requestGuid,
        expireTime: r.expireTime,
        createdDate: r.createdDate,
      });
      requests.set(r.requestGuid, r as AccessRequestRecord);
      return true;
    },
    async writeAnswer(r, answer, at) {
      await tick();
      if (!answerable(r, answer, at)) return false;
      apply(r, answer, at);
      return true;
    },
    answerItems: (() => []) as unknown as AccessRequestPorts['answerItems'],
    markHandled: async (g) => {
      const r = requests.get(g);
      if (r) requests.set(g, { ...r, handled: true });
    },
    async addParticipant(_caller, grant, input, _also, accessRequestGuid) {
      const r = [...requests.values()].find(
        (x) => x.applicationId === grant.application.applicationId && x.status === 'PENDING',
      );
      const at = new Date(clock).toISOString();
      if (!r || !answerable(r, 'APPROVED', at)) throw new Error('transaction cancelled');
      apply(r, 'APPROVED', at);
      added.push({
        applicationId: grant.application.applicationId,
        email: input.email,
        accessLevel: input.accessLevel,
        ...(accessRequestGuid ? { accessRequestGuid } : {}),
      });
      return { participantId: `p${added.length}` } as never;
    },
  };

  return {
    ports,
    requests,
    guards,
    added,
    advance: (ms: number) => (clock += ms),
    user(userId: string, profile: RequesterProfile = completeProfile) {
      profiles.set(userId, profile);
      return { kind: 'user' as const, userId };
    },
    application(id: string, ownerId: string, status = 'Draft') {
      apps.set(id, {
        applicationId: id,
        userId: ownerId,
        status,
        recordType: 'Draft',
        applicationNumber: `BLD-${id}`,
        address: { fullAddress: `${id} Kowhai Road` },
      } as ApplicationRecord);
      access.set(k(id, ownerId), 'Manage');
    },
    grant(applicationId: string, userId: string, level: AccessLevel) {
      access.set(k(applicationId, userId), level);
    },
  };
}

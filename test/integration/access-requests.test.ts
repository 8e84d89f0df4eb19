/**
 * Access requests through the local API (docs/access-requests.md): search by
 * address → request → the owner sees it → approve with the participant form → the requester is a
 * participant at the chosen level and sees the application in their lists; decline; a non-owner
 * participant can neither see nor answer; expiry derived on read with no schedule fired, and fired by
 * the local scheduler with the clock at the expiry date (EXPIRED with its event).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { outputsPath, readOutputs } from '../support/outputs';
import { api, localRepositories, registeredUser } from '../support/accounts';
import { eventsSettled } from '../support/events';
import { HandlerLoader } from '../../infra/local/handlers';
import { createScheduler, type StoredSchedule } from '../../infra/local/scheduler';
import type { CreateApplicationResponse } from '../../shared/schemas/applications';
import type {
  AccessRequest,
  AccessRequestsResponse,
  ApplicationsSearchResponse,
} from '../../shared/schemas/access-requests';
import { accessRequestErrors, accessRequestMessages } from '../../shared/domain/access-requests';
import { AGENT_PROFILE } from '../support/access-request-expiry';

const o = readOutputs();
type Person = Awaited<ReturnType<typeof registeredUser>>;
const as = (p: Person) => ({ token: p.token, outputs: o });
const schedulesFile = path.join(path.dirname(outputsPath()), 'schedules.json');
const stackSchedules = (): StoredSchedule[] =>
  existsSync(schedulesFile) ? (JSON.parse(readFileSync(schedulesFile, 'utf8')) as StoredSchedule[]) : [];

const completeProfile = async (p: Person) =>
  expect((await api('PATCH', '/user', AGENT_PROFILE, as(p))).status).toBe(200);

const street = () => `${Math.floor(Math.random() * 90000) + 100} Kowhai Road`;
async function newApplication(owner: Person, address1 = street()) {
  const res = await api(
    'POST',
    '/user/applications',
    {
      operationName: 'Create',
      authorityId: 'akl',
      formId: 'bc',
      address: { address1, city: 'Auckland', zipCode: '1010', country: 'NZ' },
    },
    as(owner),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const body = res.body as CreateApplicationResponse;
  return { id: body.id, fullAddress: body.application.address?.fullAddress ?? '' };
}
const lists = async (p: Person) => {
  const res = await api('GET', '/user/access-requests-v2', undefined, as(p));
  expect(res.status).toBe(200);
  return res.body as AccessRequestsResponse;
};
const send = (p: Person, applicationId: string) =>
  api('POST', '/user/access-requests-v2', { applicationId }, as(p)) as Promise<{
    status: number;
    body: AccessRequest & { code?: string; description?: string };
  }>;
const participantForm = (r: AccessRequest) => ({
  firstName: r.requestUser.firstName,
  lastName: r.requestUser.lastName,
  email: r.requestUser.email,
  accessLevel: 'Edit',
  participantTypes: ['Builder'],
});

let owner: Person;
let requester: Person;
let tmp: string;

beforeAll(async () => {
  await localRepositories(o);
  [owner, requester] = await Promise.all([registeredUser('ar-owner', o), registeredUser('ar-req', o)]);
  await completeProfile(requester);
  tmp = mkdtempSync(path.join(os.tmpdir(), 'ar-expiry-'));
}, 120_000);

afterAll(() => {
  vi.useRealTimers();
  rmSync(tmp, { recursive: true, force: true });
});

describe('access requests', () => {
  test('search by address → request → the owner sees it → approve → a participant who sees the application', async () => {
    const app = await newApplication(owner);
    await eventsSettled(o);
    const found = await api(
      'GET',
      `/user/applications-search?address=${encodeURIComponent(app.fullAddress)}&authorities=akl`,
      undefined,
      as(requester),
    );
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    const item = (found.body as ApplicationsSearchResponse).items.find((i) => i.applicationId === app.id);
    expect(item).toMatchObject({ status: 'Draft', hasChildApplications: false });
    expect(item?.accessLevel).toBeUndefined();
    expect(Object.keys(item!).sort()).not.toContain('participants');

    const sent = await send(requester, app.id);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({
      status: 'PENDING',
      requestUser: { firstName: 'Rawiri', phoneNumber: '0215550101' },
    });
    const again = await send(requester, app.id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ACCESS.REQUEST.EXIST');
    expect(again.body.description).toBe(
      accessRequestErrors.exist.description(sent.body.createdDate, sent.body.expireTime),
    );

    const searched = await api(
      'GET',
      `/user/applications-search?address=${encodeURIComponent(app.fullAddress)}`,
      undefined,
      as(requester),
    );
    expect(
      (searched.body as ApplicationsSearchResponse).items.find((i) => i.applicationId === app.id)
        ?.accessRequestedDate,
    ).toBe(sent.body.createdDate);

    await eventsSettled(o);
    const job = stackSchedules().find(
      (s) => (s.payload as { requestGuid?: string }).requestGuid === sent.body.requestGuid,
    );
    expect(job).toMatchObject({ at: sent.body.expireTime, payload: { target: 'access-requests/scheduled' } });

    const incoming = (await lists(owner)).incomingAccessRequests;
    expect(incoming.map((r) => r.requestGuid)).toContain(sent.body.requestGuid);
    expect((await lists(requester)).myAccessRequests[0]).toMatchObject({
      requestGuid: sent.body.requestGuid,
      status: 'PENDING',
    });

    const approved = await api(
      'PATCH',
      `/user/access-requests/${sent.body.requestGuid}`,
      { status: 'APPROVED', participant: participantForm(sent.body) },
      as(owner),
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ status: 'APPROVED' });
    const app2 = await api('GET', `/user/applications/${app.id}`, undefined, as(requester));
    expect(app2.status).toBe(200);
    const mine = await api('GET', '/user/applicationsV2?pageSize=100', undefined, as(requester));
    expect(
      (mine.body as { items: { id: string; accessLevel: string }[] }).items.find((a) => a.id === app.id)
        ?.accessLevel,
    ).toBe('Edit');
    expect((await lists(owner)).incomingAccessRequests.map((r) => r.requestGuid)).not.toContain(
      sent.body.requestGuid,
    );
    expect(
      (await lists(requester)).myAccessRequests.find((r) => r.requestGuid === sent.body.requestGuid)?.status,
    ).toBe('APPROVED');
    // Answered once: a second answer is refused; the schedule is gone; a new request is already granted.
    expect(
      (await api('PATCH', `/user/access-requests/${sent.body.requestGuid}`, { status: 'DENIED' }, as(owner)))
        .status,
    ).toBe(409);
    await eventsSettled(o);
    expect(stackSchedules().some((s) => s.name === job!.name)).toBe(false);
    expect((await send(requester, app.id)).body.code).toBe('ACCESS.REQUEST.ALREADY.GRANTED');
  }, 120_000);

  test('decline → DENIED for the requester, gone from the owner’s list', async () => {
    const app = await newApplication(owner);
    const sent = await send(requester, app.id);
    expect(sent.status).toBe(201);
    const denied = await api(
      'PATCH',
      `/user/access-requests/${sent.body.requestGuid}`,
      { status: 'DENIED' },
      as(owner),
    );
    expect(denied.status).toBe(200);
    expect(
      (await lists(requester)).myAccessRequests.find((r) => r.requestGuid === sent.body.requestGuid)?.status,
    ).toBe('DENIED');
    expect((await lists(owner)).incomingAccessRequests.map((r) => r.requestGuid)).not.toContain(
      sent.body.requestGuid,
    );
    expect((await api('GET', `/user/applications/${app.id}`, undefined, as(requester))).status).toBe(404);
  }, 120_000);

  test('a participant who is not the owner neither sees nor answers incoming requests', async () => {
    const app = await newApplication(owner);
    const helper = await registeredUser('ar-helper', o);
    const added = await api(
      'POST',
      `/user/applications/${app.id}/participantsV2`,
      { firstName: 'Hemi', lastName: 'Kaha', email: helper.email, accessLevel: 'Edit' },
      as(owner),
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const sent = await send(requester, app.id);
    expect(sent.status).toBe(201);
    expect((await lists(helper)).incomingAccessRequests).toEqual([]);
    for (const body of [
      { status: 'DENIED' },
      { status: 'APPROVED', participant: participantForm(sent.body) },
    ]) {
      const res = await api('PATCH', `/user/access-requests/${sent.body.requestGuid}`, body, as(helper));
      expect(res.status).toBe(404);
    }
    expect(
      (await api('PATCH', `/user/access-requests/${sent.body.requestGuid}/handled`, undefined, as(helper)))
        .status,
    ).toBe(404);
    expect(
      (await lists(requester)).myAccessRequests.find((r) => r.requestGuid === sent.body.requestGuid)?.status,
    ).toBe('PENDING');
  }, 120_000);

  test('an incomplete profile is refused with the dialog’s text', async () => {
    const app = await newApplication(owner);
    const bare = await registeredUser('ar-bare', o);
    const res = await send(bare, app.id);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: accessRequestMessages.profileIncomplete });
  }, 120_000);

  test('expiry: derived on read before any schedule fires; fired by the local scheduler at the expiry date', async () => {
    const app = await newApplication(owner);
    const sent = await send(requester, app.id);
    expect(sent.status).toBe(201);
    await eventsSettled(o);
    const job = stackSchedules().find(
      (s) => (s.payload as { requestGuid?: string }).requestGuid === sent.body.requestGuid,
    )!;
    expect(job.at).toBe(sent.body.expireTime);

    const { entities } = await import('../../functions/platform/data/service');
    // Seven days pass (the stack's scheduler stays idle: its job is not due on its clock).
    const past = new Date(Date.now() - 1000).toISOString();
    await entities.accessRequest.patch({ requestGuid: sent.body.requestGuid }).set({ expireTime: past }).go();
    const read = (await lists(requester)).myAccessRequests.find(
      (r) => r.requestGuid === sent.body.requestGuid,
    );
    expect(read?.status).toBe('EXPIRED');
    expect((await lists(owner)).incomingAccessRequests.map((r) => r.requestGuid)).not.toContain(
      sent.body.requestGuid,
    );
    await entities.accessRequest
      .patch({ requestGuid: sent.body.requestGuid })
      .set({ expireTime: sent.body.expireTime })
      .go();

    const scheduler = createScheduler({
      file: path.join(tmp, 'schedules.json'),
      handlers: new HandlerLoader(path.resolve(import.meta.dirname, '../../functions')),
      log: (m) => console.error(m),
    });
    await scheduler.schedule(job);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Date.parse(job.at) + 1000));
    try {
      expect(await scheduler.fireDue()).toEqual([job.name]);
    } finally {
      vi.useRealTimers();
    }
    const stored = await entities.accessRequest
      .get({ requestGuid: sent.body.requestGuid })
      .go({ consistent: true });
    expect(stored.data).toMatchObject({ status: 'EXPIRED' });
    const history = await api('GET', `/user/applications/${app.id}/history`, undefined, as(owner));
    expect(JSON.stringify(history.body)).toContain('AccessRequestExpired');
    // Idempotent: fired again, nothing changes.
    const { expireRequest } = await import('../../functions/access-requests/scheduled');
    expect(
      await expireRequest({ requestGuid: sent.body.requestGuid }, () => new Date(Date.parse(job.at) + 5000)),
    ).toEqual({ outcome: 'skipped' });
  }, 120_000);
});

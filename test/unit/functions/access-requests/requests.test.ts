import { describe, expect, it } from 'vitest';
import { accessRequestsService } from '../../../../functions/access-requests/service/requests.js';
import {
  MAX_PENDING_ACCESS_REQUESTS,
  accessRequestErrors as errors,
  accessRequestMessages as m,
} from '../../../../shared/domain/access-requests.js';
import { DomainError } from '../../../../functions/platform/errors.js';
import { mapError } from '../../../../functions/platform/http/errors.js';
import { ParticipantInput } from '../../../../shared/schemas/participants.js';
import { DAY, T0, world } from './world.js';

/** The status and body the caller gets for what `p` threw. */
async function refusal(p: Promise<unknown>) {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  const { statusCode, body } = mapError(err);
  return { statusCode, ...body };
}

const participant = ParticipantInput.parse({
  firstName: 'Rawiri',
  lastName: 'Builder',
  email: 'other@x.nz',
  accessLevel: 'Edit',
  participantTypes: ['Builder'],
});

function setup() {
  const w = world();
  const owner = w.user('owner');
  const requester = w.user('req');
  w.application('101', 'owner');
  return { w, owner, requester, s: accessRequestsService(w.ports) };
}

describe('sending a request', () => {
  it('needs a complete profile (the dialog’s text)', async () => {
    const { w, s } = setup();
    const bare = w.user('bare', { email: 'b@x.nz', firstName: 'B' });
    expect(await refusal(s.create(bare, '101'))).toMatchObject({
      statusCode: 400,
      message: m.profileIncomplete,
    });
  });

  it('needs an editable application status: ACCESS.REQUEST.APPLICATION.NOT.EDITABLE with its description', async () => {
    const { w, requester, s } = setup();
    w.application('102', 'owner', 'Submitted');
    expect(await refusal(s.create(requester, '102'))).toMatchObject({
      statusCode: 400,
      code: errors.notEditable.code,
      description: errors.notEditable.description,
    });
    w.application('103', 'owner', 'InProgress');
    await expect(s.create(requester, '103')).resolves.toMatchObject({ status: 'PENDING' });
  });

  it('a participant already: ACCESS.REQUEST.ALREADY.GRANTED', async () => {
    const { w, requester, s } = setup();
    w.grant('101', 'req', 'ReadOnly');
    expect(await refusal(s.create(requester, '101'))).toMatchObject({
      statusCode: 409,
      code: errors.alreadyGranted.code,
      description: errors.alreadyGranted.description,
    });
  });

  it('an unknown application is not found', async () => {
    const { requester, s } = setup();
    expect(await refusal(s.create(requester, '999'))).toMatchObject({
      statusCode: 404,
      code: 'ResourceNotFound',
    });
  });

  it('copies the requester’s profile and expires seven days later', async () => {
    const { requester, s } = setup();
    const r = await s.create(requester, '101');
    expect(r).toMatchObject({
      applicationId: '101',
      applicationNumber: 'BLD-101',
      status: 'PENDING',
      createdDate: T0.toISOString(),
      expireTime: new Date(T0.getTime() + 7 * DAY).toISOString(),
      requestUser: { email: 'req@demo.consent.nz', firstName: 'Rawiri', phoneNumber: '0215550101' },
    });
  });

  it('one active request per project: ACCESS.REQUEST.EXIST with its ISO dates; allowed again once expired', async () => {
    const { w, requester, s } = setup();
    const first = await s.create(requester, '101');
    expect(await refusal(s.create(requester, '101'))).toMatchObject({
      statusCode: 409,
      code: errors.exist.code,
      description: errors.exist.description(first.createdDate, first.expireTime),
    });
    w.advance(7 * DAY);
    await expect(s.create(requester, '101')).resolves.toMatchObject({ status: 'PENDING' });
  });

  it('100 concurrent requests by the same user for the same project leave exactly one active request', async () => {
    const { w, requester, s } = setup();
    const results = await Promise.allSettled(Array.from({ length: 100 }, () => s.create(requester, '101')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(new Set(refused.map((r) => mapError(r.reason).body.code))).toEqual(new Set([errors.exist.code]));
    expect([...w.requests.values()].filter((r) => r.status === 'PENDING')).toHaveLength(1);
  });

  it(`at most ${MAX_PENDING_ACCESS_REQUESTS} pending requests per requester`, async () => {
    const { w, requester, s } = setup();
    for (let i = 0; i < MAX_PENDING_ACCESS_REQUESTS; i++) {
      w.application(`2${i}`, 'owner');
      await s.create(requester, `2${i}`);
    }
    w.application('300', 'owner');
    expect(await refusal(s.create(requester, '300'))).toMatchObject({ statusCode: 400, message: m.tooMany });
    // Expired ones no longer count.
    w.advance(7 * DAY);
    await expect(s.create(requester, '300')).resolves.toMatchObject({ status: 'PENDING' });
  });
});

describe('the lists and the answers', () => {
  it('only the owner with Manage sees incoming requests; the requester sees theirs; expiry derived on read', async () => {
    const { w, owner, requester, s } = setup();
    const r = await s.create(requester, '101');
    const helper = w.user('helper');
    w.grant('101', 'helper', 'Edit');
    expect((await s.lists(owner)).incomingAccessRequests.map((x) => x.requestGuid)).toEqual([r.requestGuid]);
    expect((await s.lists(helper)).incomingAccessRequests).toEqual([]);
    expect((await s.lists(requester)).myAccessRequests.map((x) => x.status)).toEqual(['PENDING']);
    w.grant('101', 'owner', 'Edit'); // the owner lost Manage
    expect((await s.lists(owner)).incomingAccessRequests).toEqual([]);
    w.grant('101', 'owner', 'Manage');
    w.advance(7 * DAY);
    expect((await s.lists(owner)).incomingAccessRequests).toEqual([]);
    expect((await s.lists(requester)).myAccessRequests.map((x) => x.status)).toEqual(['EXPIRED']);
  });

  it('decline → DENIED; a second answer is refused', async () => {
    const { owner, requester, s } = setup();
    const r = await s.create(requester, '101');
    expect(await s.answer(owner, r.requestGuid, { status: 'DENIED' })).toMatchObject({ status: 'DENIED' });
    expect((await s.lists(requester)).myAccessRequests[0]?.status).toBe('DENIED');
    expect((await s.lists(owner)).incomingAccessRequests).toEqual([]);
    expect(await refusal(s.answer(owner, r.requestGuid, { status: 'DENIED' }))).toMatchObject({
      statusCode: 409,
      message: m.notPending,
    });
  });

  it('approve adds the requester (their email, whatever the form says) at the chosen level', async () => {
    const { w, owner, requester, s } = setup();
    const r = await s.create(requester, '101');
    expect(await s.answer(owner, r.requestGuid, { status: 'APPROVED', participant })).toMatchObject({
      status: 'APPROVED',
    });
    // The participant's event names the request: the requester is told once (AccessRequestApproved).
    expect(w.added).toEqual([
      {
        applicationId: '101',
        email: 'req@demo.consent.nz',
        accessLevel: 'Edit',
        accessRequestGuid: r.requestGuid,
      },
    ]);
  });

  it('a non-owner (even with Edit) cannot answer or mark handled: not found; an expired one cannot be answered', async () => {
    const { w, owner, requester, s } = setup();
    const r = await s.create(requester, '101');
    const helper = w.user('helper');
    w.grant('101', 'helper', 'Manage');
    expect(await refusal(s.answer(helper, r.requestGuid, { status: 'DENIED' }))).toMatchObject({
      statusCode: 404,
    });
    expect(await refusal(s.handled(helper, r.requestGuid))).toMatchObject({ statusCode: 404 });
    w.advance(7 * DAY);
    expect(await refusal(s.answer(owner, r.requestGuid, { status: 'APPROVED', participant }))).toMatchObject({
      statusCode: 409,
    });
    expect(w.added).toEqual([]);
  });

  it('handled leaves the owner’s list', async () => {
    const { owner, requester, s } = setup();
    const r = await s.create(requester, '101');
    await s.handled(owner, r.requestGuid);
    expect((await s.lists(owner)).incomingAccessRequests).toEqual([]);
  });
});

describe('the expiry job', () => {
  it('flips a past-expiry PENDING request to EXPIRED once; early or answered ones are left', async () => {
    const { w, owner, requester, s } = setup();
    const r = await s.create(requester, '101');
    expect(await s.expire(r.requestGuid)).toBe('skipped');
    w.advance(7 * DAY);
    expect(await s.expire(r.requestGuid)).toBe('expired');
    expect(w.requests.get(r.requestGuid)?.status).toBe('EXPIRED');
    expect(await s.expire(r.requestGuid)).toBe('skipped');
    w.application('102', 'owner');
    const d = await s.create(requester, '102');
    await s.answer(owner, d.requestGuid, { status: 'DENIED' });
    w.advance(8 * DAY);
    expect(await s.expire(d.requestGuid)).toBe('skipped');
    expect(w.requests.get(d.requestGuid)?.status).toBe('DENIED');
  });

  it('a schedule that fires a little before the expiry (its at() has whole seconds; another clock) still expires it, at its expiry', async () => {
    const { w, requester, s } = setup();
    const r = await s.create(requester, '101');
    // The schedule fires 400 ms before the stored expiry by the job's clock: once it was skipped,
    // and the request stayed stored PENDING for good, with no expiry event or history.
    w.advance(7 * DAY - 400);
    expect(await s.expire(r.requestGuid)).toBe('expired');
    expect(w.requests.get(r.requestGuid)).toMatchObject({ status: 'EXPIRED', completionDate: r.expireTime });
    w.application('102', 'owner');
    const far = await s.create(requester, '102');
    // Fired more than a minute early (a scheduler's clock far ahead): left as it is.
    w.advance(7 * DAY - 2 * 60_000);
    expect(await s.expire(far.requestGuid)).toBe('skipped');
    expect(w.requests.get(far.requestGuid)?.status).toBe('PENDING');
  });
});

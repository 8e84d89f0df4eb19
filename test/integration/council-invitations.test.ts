/**
 * Registered-applicant invitations through the local API (docs/council-api.md §4): a council invites a person by email (mailed), reads only its own authority's invitations
 * (another council: 404); the invitee — matched by email, case-insensitively — sees it among the
 * Pending ones and answers it once (another user: 404; twice or expired: 409, nothing changes).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { readOutputs } from '../support/outputs';
import { api, outboxFiles, registeredUser, waitForMail } from '../support/accounts';
import { councilToken } from '../support/council';
import type { RegisteredApplicantInvitation } from '../../shared/schemas/council';
import { registeredApplicantInvitationMessages as msg } from '../../shared/domain/council-invitations';
import { REGISTERED_APPLICANT_MAIL_SUBJECT } from '../../functions/council/invitations/mail';

const o = readOutputs();
process.env.TABLE_NAME = o.TableName;
process.env.AWS_REGION = o.Region;
process.env.AWS_ENDPOINT_URL_DYNAMODB = String(o.DynamoDbEndpoint);
const { entities } = await import('../../functions/platform/data/service');

type Person = Awaited<ReturnType<typeof registeredUser>>;
const as = (p: Person) => ({ token: p.token, outputs: o });
const mine = '/user/registered-applicant-invitations';

/** A council's call with its own token (and a new Idempotency-Key on writes). */
async function council(
  authorityId: string,
  method: string,
  path: string,
  body?: unknown,
  key: string = randomUUID(),
) {
  const res = await fetch(`${o.ApiUrl}/council/registered-applicant-invitations${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await councilToken(authorityId, undefined, o)}`,
      ...(body !== undefined ? { 'content-type': 'application/json', 'idempotency-key': key } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return {
    status: res.status,
    replayed: res.headers.get('idempotent-replayed'),
    body: (await res.json().catch(() => undefined)) as unknown,
  };
}
const stored = async (invitationId: string) =>
  (await entities.registeredApplicantInvitation.get({ invitationId }).go({ consistent: true })).data;

let invitee: Person;
let stranger: Person;
let invitation: RegisteredApplicantInvitation;

beforeAll(async () => {
  [invitee, stranger] = await Promise.all([registeredUser('rai-invitee', o), registeredUser('rai-other', o)]);
  const seen = outboxFiles(o);
  const res = await council('wcc', 'POST', '', {
    email: invitee.email.toUpperCase(),
    firstName: 'Aroha',
    lastName: 'Tane',
    registeredApplicantId: 'RA-42',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  invitation = res.body as RegisteredApplicantInvitation;
  await waitForMail(invitee.email, (m) => m.subject === REGISTERED_APPLICANT_MAIL_SUBJECT, {
    seenFiles: seen,
    outputs: o,
  });
}, 120_000);

describe('registered-applicant invitations', () => {
  test('the council sets the portal fields: Pending, sent now, its abbreviation and name', () => {
    expect(invitation).toMatchObject({
      email: invitee.email.toLowerCase(),
      status: 'Pending',
      registeredApplicantId: 'RA-42',
      bcaCode: 'WCC',
      bcaName: 'Wellington City Council',
    });
    expect(Date.now() - Date.parse(invitation.sendingDate)).toBeLessThan(120_000);
  });

  test('a replayed invitation (same Idempotency-Key) answers the first and sends nothing twice', async () => {
    const key = randomUUID();
    const email = `rai-replay-${randomUUID()}@demo.consent.nz`;
    const first = await council('wcc', 'POST', '', { email }, key);
    const again = await council('wcc', 'POST', '', { email }, key);
    expect(first.status).toBe(201);
    expect(again).toMatchObject({ status: 201, replayed: 'true', body: first.body });
    const { data } = await entities.registeredApplicantInvitation.query.byEmail({ email }).go();
    expect(data).toHaveLength(1);
  });

  test("another council's invitation is 404 on the council side, and not in its list", async () => {
    expect((await council('akl', 'GET', `/${invitation.id}`)).status).toBe(404);
    const list = await council('akl', 'GET', '');
    expect(list.status).toBe(200);
    expect((list.body as RegisteredApplicantInvitation[]).map((i) => i.id)).not.toContain(invitation.id);
    expect((await council('wcc', 'GET', `/${invitation.id}`)).body).toMatchObject({ id: invitation.id });
  });

  test("another user's invitation is 404 and not among their Pending ones; nothing changes", async () => {
    const before = await stored(invitation.id);
    expect((await api('GET', `${mine}/${invitation.id}`, undefined, as(stranger))).status).toBe(404);
    const answer = await api('PATCH', `${mine}/${invitation.id}`, { status: 'Accepted' }, as(stranger));
    expect(answer.status).toBe(404);
    const list = await api('GET', `${mine}?invitationStatus=Pending`, undefined, as(stranger));
    expect(list.body).toEqual([]);
    expect(await stored(invitation.id)).toEqual(before);
  });

  test('the invitee accepts once; answering twice is 409 and changes nothing', async () => {
    const pending = await api('GET', `${mine}?invitationStatus=Pending`, undefined, as(invitee));
    expect((pending.body as RegisteredApplicantInvitation[]).map((i) => i.id)).toEqual([invitation.id]);
    const accepted = await api('PATCH', `${mine}/${invitation.id}`, { status: 'Accepted' }, as(invitee));
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'Accepted', userId: invitee.sub });
    const after = await stored(invitation.id);
    const again = await api('PATCH', `${mine}/${invitation.id}`, { status: 'Rejected' }, as(invitee));
    expect(again).toMatchObject({ status: 409, body: { message: msg.alreadyAnswered } });
    expect(await stored(invitation.id)).toEqual(after);
    expect((await council('wcc', 'GET', `/${invitation.id}`)).body).toMatchObject({
      status: 'Accepted',
      userId: invitee.sub,
    });
    const left = await api('GET', `${mine}?invitationStatus=Pending`, undefined, as(invitee));
    expect(left.body).toEqual([]);
  });

  test('an expired invitation is 409 and stays Pending; an expiry date in the past is 400', async () => {
    const invitationId = randomUUID();
    await entities.registeredApplicantInvitation
      .create({
        invitationId,
        email: invitee.email,
        status: 'Pending',
        sendingDate: '2026-01-01T00:00:00.000Z',
        expiryDate: '2026-01-31',
        authorityId: 'wcc',
        bcaCode: 'WCC',
      })
      .go();
    const res = await api('PATCH', `${mine}/${invitationId}`, { status: 'Accepted' }, as(invitee));
    expect(res).toMatchObject({ status: 409, body: { message: msg.expired } });
    expect((await stored(invitationId))?.status).toBe('Pending');
    const past = await council('wcc', 'POST', '', { email: invitee.email, expiryDate: '2026-01-01' });
    expect(past.status).toBe(400);
  });
});

/**
 * The merge look-up through the local API (docs/organisations.md "Merge"):
 * `GET /user/organisation/lookup?email=` answers with the organisation and the administrator asked
 * for only — never another administrator's email or name — and is limited per user: the call after
 * the limit is 429 with the error shape and Retry-After, misses counting like hits, while another
 * user still gets an answer.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { readOutputs } from '../support/outputs';
import { api, registeredUser } from '../support/accounts';
import { pointAtStack } from '../support/documents';

const o = readOutputs();
pointAtStack(o);
const { entities } = await import('../../functions/platform/data/service');

const limits = o.RateLimits as Record<string, { limit: number; windowSeconds: number }>;
type Person = Awaited<ReturnType<typeof registeredUser>>;

async function lookup(caller: Person, email: string) {
  const res = await fetch(`${o.ApiUrl}/user/organisation/lookup?email=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${caller.token}` },
  });
  const text = await res.text();
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: text ? (JSON.parse(text) as unknown) : undefined,
  };
}

let admin: Person; // the administrator looked up
let organisationId: string;
const otherAdmin = { email: `lookup-other-${randomUUID()}@demo.consent.nz`, firstName: 'Hidden' };

beforeAll(async () => {
  admin = await registeredUser('lookup-admin', o);
  const named = await api(
    'PATCH',
    '/user/organisation',
    { displayName: 'Totara Surveyors' },
    { token: admin.token, outputs: o },
  );
  expect(named.status, JSON.stringify(named.body)).toBe(200);
  organisationId = (named.body as { id: string }).id;
  // A second active administrator of the same organisation.
  await entities.organisationMember
    .put({
      organisationId,
      userId: randomUUID(),
      email: otherAdmin.email,
      firstName: otherAdmin.firstName,
      lastName: 'Admin',
      role: 'Admin',
      status: 'Active',
    })
    .go();
}, 120_000);

describe('the merge look-up', () => {
  test("answers with the organisation and the administrator asked for, never another person's email or name", async () => {
    const caller = await registeredUser('lookup-caller', o);
    const res = await lookup(caller, admin.email);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      id: organisationId,
      displayName: 'Totara Surveyors',
      administrators: [{ name: expect.any(String), email: admin.email }],
    });
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(otherAdmin.email);
    expect(text).not.toContain(otherAdmin.firstName);
    // Every email in the answer is the one asked for.
    expect(text.match(/[\w.+-]+@[\w.-]+/g)).toEqual([admin.email]);
  }, 120_000);

  test('the call after the limit is 429 with Retry-After (misses count too); another user is still answered', async () => {
    const { limit, windowSeconds } = limits.organisationLookupPerUser!;
    const caller = await registeredUser('lookup-harvester', o);
    for (let i = 0; i < limit; i++) {
      const res = await lookup(caller, i % 2 ? admin.email : `nobody-${randomUUID()}@demo.consent.nz`);
      expect(res.status, `call ${i + 1}`).toBe(i % 2 ? 200 : 404);
    }
    const refused = await lookup(caller, admin.email);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: 'ClientError', message: expect.any(String) });
    const wait = Number(refused.retryAfter);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(windowSeconds);
    const someoneElse = await registeredUser('lookup-other-caller', o);
    expect((await lookup(someoneElse, admin.email)).status).toBe(200);
  }, 120_000);
});

/**
 * The authorization matrix's calls of the access-request routes (test/integration/authorization-matrix.test.ts;
 * docs/access-requests.md), made by the agent demo user: the agent owns an application of its own to
 * which a fresh user (with a complete profile) has sent a request, and answers it. The agent's own
 * profile is incomplete (the demo seed has no contact number or address), so its own request is
 * refused with 400 (test/integration/access-requests.test.ts has the successes).
 */
import { api, registeredUser } from './accounts';
import type { StackOutputs } from './outputs';
import { AGENT_PROFILE } from './access-request-expiry';

interface Person {
  email: string;
  token: string;
  sub: string;
}
interface Request {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}
interface UserCall {
  request: (caller: Person) => Request | Promise<Request>;
  alsoAccepted?: { statuses: number[]; why: string };
}

const site = { address1: '77 Matrix Road', city: 'Auckland', zipCode: '1010', country: 'NZ' };

export function accessRequestCalls(
  o: StackOutputs,
  owner: () => Person,
): {
  calls: Record<string, UserCall>;
  prepare: (agent: Person) => Promise<void>;
} {
  const made = new Map<string, Promise<string>>();
  const once = (key: string, make: () => Promise<string>) => {
    if (!made.has(key)) made.set(key, make());
    return made.get(key)!;
  };
  const call = async (token: string, method: string, path: string, body?: unknown) => {
    const res = await api(method, path, body, { token, outputs: o });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Record<string, unknown>;
  };
  const applicationOf = async (p: Person) =>
    (
      await call(p.token, 'POST', '/user/applications', {
        operationName: 'Create',
        authorityId: 'akl',
        formId: 'bc',
        address: site,
      })
    ).id as string;
  /** A pending request of a fresh user (complete profile) for an application the agent owns. */
  const incoming = async (agent: Person) => {
    const applicationId = await applicationOf(agent);
    const requester = await registeredUser('matrix-ar', o);
    const { contactNumber, address } = AGENT_PROFILE;
    await call(requester.token, 'PATCH', '/user', { contactNumber, address });
    return (await call(requester.token, 'POST', '/user/access-requests-v2', { applicationId }))
      .requestGuid as string;
  };
  const answered = { statuses: [409], why: 'answered once: another case of the matrix may have answered it' };
  const calls: Record<string, UserCall> = {
    'GET /user/applications-search': { request: () => ({ query: { address: site.address1 } }) },
    'GET /user/access-requests-v2': { request: () => ({}) },
    'POST /user/access-requests-v2': {
      request: async () => ({
        body: { applicationId: await once('owners-app', () => applicationOf(owner())) },
      }),
      alsoAccepted: {
        statuses: [400],
        why: "the demo agent's profile is incomplete (a complete one is needed)",
      },
    },
    'PATCH /user/access-requests/{guid}': {
      request: async (c) => ({
        params: { guid: await once('answer', () => incoming(c)) },
        body: { status: 'DENIED' },
      }),
      alsoAccepted: answered,
    },
    'PATCH /user/access-requests/{guid}/handled': {
      request: async (c) => ({ params: { guid: await once('handled', () => incoming(c)) } }),
    },
  };
  return {
    calls,
    prepare: async (agent) => {
      for (const c of Object.values(calls)) await c.request(agent);
    },
  };
}

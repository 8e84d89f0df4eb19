/**
 * What the fuzz pass needs on a started stack (test/support/fuzz.ts): the demo applicant signed in,
 * an application they manage, for the council routes a council's token and an application lodged
 * with it, and a warm-up that calls a read route once properly so that what a first read builds
 * (the list read model, a profile) exists before the route's first snapshot.
 */
import { signIn } from './cognito';
import { councilToken } from './council';
import { submittedApplication } from './submission';
import type { FuzzContext, FuzzOperation } from './fuzz';
import type { StackOutputs } from './outputs';

export async function fuzzContext(o: StackOutputs): Promise<FuzzContext> {
  const demo = o.DemoUsers[0]!;
  const { IdToken: token } = await signIn(demo.email, demo.password, o);
  const res = await fetch(`${o.ApiUrl}/user/applications`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      operationName: 'Create',
      authorityId: 'akl',
      formId: 'bc',
      address: { address1: '7 Fuzz Lane', city: 'Auckland', zipCode: '1010', country: 'NZ' },
    }),
  });
  if (res.status !== 201 && res.status !== 200)
    throw new Error(`fuzz fixture: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  if (!/^\d+$/.test(id)) throw new Error(`fuzz fixture: no application id in the answer (${id})`);
  // The council routes: Wellington's credentials and an application lodged with it.
  const lodged = await submittedApplication(token, 'wcc', WELLINGTON_SITE, o);
  return {
    applicationId: id,
    token,
    council: { token: await councilToken('wcc', undefined, o), applicationId: lodged },
  };
}

const WELLINGTON_SITE = { address1: '7 Fuzz Terrace', city: 'Wellington', zipCode: '6011', country: 'NZ' };

/**
 * Calls a read route once with the fixture's id (other parameters are placeholders); true when it
 * called one.
 */
export function warmUp(o: StackOutputs, ctx: FuzzContext) {
  return async (op: FuzzOperation): Promise<boolean> => {
    if (op.route.method !== 'GET') return false;
    const as = op.route.access.caller === 'council' ? ctx.council : undefined;
    const path = op.route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      name === 'id' ? (as?.applicationId ?? ctx.applicationId) : 'warm-up',
    );
    const res = await fetch(`${o.ApiUrl}${path}`, {
      headers: { authorization: `Bearer ${as?.token ?? ctx.token}` },
    });
    await res.arrayBuffer();
    return true;
  };
}

/**
 * What the fuzz pass needs on a started stack (test/support/fuzz.ts): the demo applicant signed in,
 * an application they manage, and a warm-up that calls a read route once properly so that what a
 * first read builds (the list read model, a profile) exists before the route's first snapshot.
 */
import { signIn } from './cognito';
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
  return { applicationId: id, token };
}

/** Calls a read route once with the fixture's id (other parameters are placeholders). */
export function warmUp(o: StackOutputs, ctx: FuzzContext) {
  return async (op: FuzzOperation): Promise<void> => {
    if (op.route.method !== 'GET') return;
    const path = op.route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      name === 'id' ? ctx.applicationId : 'warm-up',
    );
    const res = await fetch(`${o.ApiUrl}${path}`, { headers: { authorization: `Bearer ${ctx.token}` } });
    await res.arrayBuffer();
  };
}

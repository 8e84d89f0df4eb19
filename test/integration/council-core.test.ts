/**
 * The council core through the typed client (infra/council/client.ts) against a local stack:
 * a lodged application read by its council, another council's 404, and a replayed write.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startLocalStack } from '../../infra/local/index';
import { councilApiClient, CouncilApiError } from '../../infra/council/client';
import { signIn } from '../support/cognito';
import { seedDraftAs, subOf } from '../support/documents';
import { councilCredentials } from '../support/council';
import type { StackOutputs } from '../support/outputs';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = path.join(root, process.env.STACK_DIR ?? '.local-test', 'council-core-test');
const stack = await startLocalStack({
  dataDir,
  portBase: (Number(process.env.PORT_BASE) || 4100) + 310,
  reset: true,
  webMode: 'none',
  quiet: true,
  handleSignals: false,
});
const o = stack.outputs as unknown as StackOutputs;
afterAll(async () => {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
});
const { entities } = await import('../../functions/platform/data/service');
const { updateApplication, getApplication, nextApplicationId } =
  await import('../../functions/applications/repository/applications');
const { lodgementItems } = await import('../../functions/platform/events/council-feed');

const wcc = councilApiClient(councilCredentials('wcc', o));
const akl = councilApiClient(councilCredentials('akl', o));
let ownerId: string;

beforeAll(async () => {
  const [applicant] = o.DemoUsers;
  ownerId = subOf((await signIn(applicant!.email, applicant!.password, o)).IdToken);
});

/** A Draft of wcc submitted as POST .../submission commits it: with the lodgement index and feed entry. */
async function lodged(): Promise<string> {
  const id = await seedDraftAs(await nextApplicationId(), ownerId);
  const previous = await getApplication(id);
  const submissionDate = new Date().toISOString();
  await updateApplication(
    id,
    previous!.etag,
    { status: 'Submitted', submissionDate, lodgementDate: submissionDate },
    ownerId,
    {
      event: 'ApplicationSubmitted',
      previous,
      also: (e, event) =>
        lodgementItems(e, event, {
          applicationId: id,
          authorityId: 'wcc',
          lodgementDate: submissionDate,
          status: 'Submitted',
        }),
    },
  );
  return id;
}

const historyOf = async (id: string) =>
  (await entities.history.query.byApplication({ applicationId: id }).go({ pages: 'all' })).data;

describe('the council core', { timeout: 60_000 }, () => {
  test('a lodged application is read by its council and listed; a Draft and another council get 404', async () => {
    const id = await lodged();
    const app = await wcc.application(id);
    expect(app).toMatchObject({ id, status: 'Submitted', authorityId: 'wcc', rejectedReason: null });
    const page = await wcc.applications({ status: ['Submitted'] });
    expect(page.applications.map((a) => a.id)).toContain(id);
    const other = await akl.application(id).catch((e: unknown) => e);
    expect(other).toBeInstanceOf(CouncilApiError);
    expect((other as CouncilApiError).status).toBe(404);
    expect((await akl.applications()).applications.map((a) => a.id)).not.toContain(id);
    const draft = await seedDraftAs(await nextApplicationId(), ownerId);
    expect(((await wcc.application(draft).catch((e: unknown) => e)) as CouncilApiError).status).toBe(404);
  });

  test('a replay with the same key changes nothing and answers the stored response, marked replayed', async () => {
    const id = await lodged();
    const key = `accept-${id}`;
    const first = await wcc.send('POST', `/council/applications/${id}/lodgement`, {
      body: { decision: 'Accepted' },
      idempotencyKey: key,
    });
    expect(first.status).toBe(200);
    expect(first.replayed).toBe(false);
    const before = await getApplication(id);
    const historyBefore = await historyOf(id);
    const again = await wcc.send('POST', `/council/applications/${id}/lodgement`, {
      body: { decision: 'Accepted' },
      idempotencyKey: key,
    });
    expect(again).toMatchObject({ status: 200, replayed: true, body: first.body });
    expect(await getApplication(id)).toEqual(before);
    expect(await historyOf(id)).toEqual(historyBefore);
    // The same key with another request: 400; a fresh key on the same change: 409, nothing changed.
    const other = await wcc.send('POST', `/council/applications/${id}/lodgement`, {
      body: { decision: 'Rejected', reason: 'x' },
      idempotencyKey: key,
    });
    expect(other.status).toBe(400);
    const twice = await wcc.send('POST', `/council/applications/${id}/lodgement`, {
      body: { decision: 'Accepted' },
    });
    expect(twice.status).toBe(409);
    expect(await getApplication(id)).toEqual(before);
    // No key at all: 400 on the header.
    const none = await wcc.send('POST', `/council/applications/${id}/suspension`, {
      body: {},
      idempotencyKey: null,
    });
    expect(none.status).toBe(400);
    expect((none.body as { details: { field: string }[] }).details[0]!.field).toBe('header.idempotency-key');
  });
});

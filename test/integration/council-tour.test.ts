/**
 * Every council operation, once, through the client generated from the OpenAPI document
 * (infra/council/client.ts over infra/council/api-types.ts): what a council back office does in a
 * day — read, accept, suspend and resume, invoice and record a payment at the counter, grant, issue
 * the code compliance certificate, invite a registered applicant, register, rotate, inspect and
 * remove its webhook. With the others of `npm run council-examples` it records the document's
 * examples (docs/council-api.md §7).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startLocalStack } from '../../infra/local/index';
import { councilApiClient } from '../../infra/council/client';
import { signIn } from '../support/cognito';
import { seedDraftAs, subOf } from '../support/documents';
import { councilCredentials } from '../support/council';
import { startWebhookReceiver } from '../support/webhook-receiver';
import { waitFor } from '../support/wait';
import type { StackOutputs } from '../support/outputs';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = path.join(root, process.env.STACK_DIR ?? '.local-test', 'council-tour-test');
const stack = await startLocalStack({
  dataDir,
  portBase: (Number(process.env.PORT_BASE) || 4100) + 350,
  reset: true,
  webMode: 'none',
  quiet: true,
  handleSignals: false,
});
const o = stack.outputs as unknown as StackOutputs;
const receiver = await startWebhookReceiver();
afterAll(async () => {
  await receiver.close();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
});
const { getApplication, updateApplication, nextApplicationId } =
  await import('../../functions/applications/repository/applications');
const { lodgementItems } = await import('../../functions/platform/events/council-feed');

const wcc = councilApiClient(councilCredentials('wcc', o));
let ownerId: string;

beforeAll(async () => {
  const [applicant] = o.DemoUsers;
  ownerId = subOf((await signIn(applicant!.email, applicant!.password, o)).IdToken);
});

/** A Draft of wcc committed as submitted, with its lodgement index and feed entry. */
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

describe('a council back office through the generated client', { timeout: 180_000 }, () => {
  test('from lodgement to the code compliance certificate', async () => {
    const id = await lodged();
    // A seeded Draft has no participants or documents yet: both answer their (empty) lists.
    expect((await wcc.participants(id)).participants).toEqual([]);
    expect((await wcc.documents(id)).documents).toEqual([]);
    expect(await wcc.patch(id, { trackingNumber: 'WCC-TRK-1001' })).toMatchObject({ id });
    expect((await wcc.acceptLodgement(id)).status).toBe('InProgress');
    expect((await wcc.suspend(id, {})).status).toBe('VRFISuspended');
    expect((await wcc.resume(id)).status).toBe('InProgress');
    const invoice = await wcc.issueInvoice(id, {
      description: 'Building consent processing fee',
      baseAmount: 2847.5,
    });
    const paid = await wcc.paidAtCouncil(id, invoice.id, { reference: 'COUNTER-1' });
    expect(paid.status).toBe('Paid');
    expect((await wcc.payments(id)).map((p) => p.id)).toContain(invoice.id);
    const granted = await wcc.grant(id, `WCC-BC-${id}`);
    expect(granted.consentNumber).toBe(`WCC-BC-${id}`);
    const done = await wcc.codeComplianceCertificate(id, {
      issuedDate: new Date().toISOString().slice(0, 10),
    });
    expect(done.status).toBe('Completed');
    // The feed, read as a back office does: from its last cursor, a page at a time (entries settle
    // for FEED_SETTLE_SECONDS before they are served).
    const seen: string[] = [];
    let after: string | undefined;
    await waitFor(
      'the submission on the feed',
      async () => {
        const feed = await wcc.events(after ? { after, limit: 100 } : { limit: 100 });
        seen.push(...feed.events.flatMap((e) => ('applicationId' in e ? [e.applicationId] : [])));
        after = feed.cursor;
        return seen.includes(id);
      },
      { timeoutMs: 90_000, intervalMs: 1_000 },
    );
  });

  test('the errors a back office meets: a bad token, a missing scope, a body over its cap', async () => {
    const id = await lodged();
    const badToken = await wcc.send('GET', `/council/applications/${id}`, { token: 'not-a-token' });
    expect(badToken.status).toBe(401);
    const readOnly = councilApiClient(councilCredentials('wcc', o), { scopes: ['applications.read'] });
    const noScope = await readOnly.send('POST', `/council/applications/${id}/suspension`, { body: {} });
    expect(noScope.status).toBe(403);
    const tooBig = await wcc.send('PATCH', `/council/applications/${id}`, {
      body: { trackingNumber: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(tooBig.status).toBe(413);
  });

  test('a registered-applicant invitation: made, listed, read', async () => {
    const made = await wcc.invite({
      email: 'builder.tour@example.nz',
      firstName: 'Tama',
      lastName: 'Builder',
    });
    expect((await wcc.invitations()).map((i) => i.id)).toContain(made.id);
    expect(await wcc.invitation(made.id)).toMatchObject({ id: made.id });
  });

  test('the webhook: registered, read, its secret rotated, its deliveries listed and redelivered, removed', async () => {
    const registered = await wcc.registerWebhook({ url: receiver.url });
    receiver.setSecrets([registered.signingSecret!]);
    expect((await wcc.webhook()).url).toBe(receiver.url);
    const rotated = await wcc.rotateWebhookSecret();
    receiver.setSecrets([registered.signingSecret!, rotated.signingSecret!]);
    await lodged();
    const delivered = await waitFor(
      'a delivered webhook',
      async () => (await wcc.webhookDeliveries()).deliveries.find((d) => d.status === 'Delivered'),
      { timeoutMs: 60_000 },
    );
    expect((await wcc.redeliver(delivered.eventId)).eventId).toBe(delivered.eventId);
    await wcc.removeWebhook();
    expect((await wcc.send('GET', '/council/webhook')).status).toBe(404);
  });
});

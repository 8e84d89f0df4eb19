/**
 * Council webhooks against the suite's local stack (docs/council-api.md §5):
 * a council registers a receiver on 127.0.0.1, an application lodged with its authority reaches it
 * signed (the `council.webhooks` consumer runs in the stack's process); the receiver detects a
 * tampered body and an old timestamp; a receiver that fails twice is retried by the event machinery
 * and the log says Delivered after 3 attempts; one that keeps failing ends Failed in the log and is
 * dead-lettered, and a redelivery after it recovers delivers it.
 *
 * The registration and redelivery are called on the webhooks service in this process (the same
 * table), for an authority no other test lodges with; what needs a signing secret goes, as from the
 * webhooks Lambda, to the stack's webhook delivery function through its Lambda endpoint (docs/council-api.md: deliveries run in a function of their own, which alone opens the sealed secrets;
 * the stored registration holds no plain secret). Retries use the local poller's defaults
 * (5 retries, 100 ms doubling: about 3 s to a dead letter).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readOutputs } from '../support/outputs';
import { pointAtStack } from '../support/documents';
import { startWebhookReceiver, verifyWebhook, type WebhookReceiver } from '../support/webhook-receiver';
import { waitFor } from '../support/wait';
import { signedWebhookHeaders } from '../../functions/council/service/webhook-sender';

const o = readOutputs();
pointAtStack(o);
// As the stack's own functions run: a receiver on this machine may be registered, and the delivery
// function is the stack's (its Lambda stand-in).
process.env.COUNCIL_WEBHOOK_ALLOW_LOOPBACK = 'true';
process.env.AWS_ENDPOINT_URL_LAMBDA = String(o.LambdaEndpoint);
process.env.COUNCIL_WEBHOOK_DELIVERY_FUNCTION = 'consent-portal-webhooks-local';
const { nextApplicationId, updateApplication, getApplication } =
  await import('../../functions/applications/repository/applications');
const { webhookRules } = await import('../../functions/council/service/webhooks');
const { tableWebhookPorts } = await import('../../functions/council/service/webhook-ports');
const { deleteWebhook } = await import('../../functions/council/repository/webhooks');
const { entities } = await import('../../functions/platform/data/service');

const rules = webhookRules(tableWebhookPorts());
// An authority no other test lodges with: their submissions never reach this receiver (nor fail).
const authorityId = 'webhooks-test';
const council = { authorityId, clientId: 'webhooks-test' };
let receiver: WebhookReceiver;
let signingSecret: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  const registration = await rules.register(council, receiver.url);
  signingSecret = registration.signingSecret!;
  receiver.setSecrets([signingSecret]);
});
afterAll(async () => {
  await deleteWebhook(authorityId);
  await receiver.close();
});

/** A Draft of the authority, submitted as POST .../submission does (ApplicationSubmitted). */
async function submitted(): Promise<string> {
  const id = await nextApplicationId();
  const now = new Date().toISOString();
  await entities.application
    .create({
      applicationId: id,
      authorityId,
      jurisdictionId: 'nz',
      formId: 'bc',
      status: 'Draft',
      userId: 'webhooks-test-owner',
      etag: randomUUID(),
      startedDate: now,
      modifiedDate: now,
    })
    .go();
  const previous = await getApplication(id);
  await updateApplication(id, undefined, { status: 'Submitted' }, 'webhooks-test-owner', {
    event: 'ApplicationSubmitted',
    previous,
  });
  return id;
}

/** An application of the authority suspended for an RFI round of one answered point; the round submitted in this process. */
async function rfiRoundSubmitted(): Promise<string> {
  const id = await nextApplicationId();
  const now = new Date().toISOString();
  await entities.application
    .create({
      applicationId: id,
      authorityId,
      jurisdictionId: 'nz',
      formId: 'bc',
      status: 'VRFISuspended',
      hasRFI: true,
      hasOutstandingRFIs: true,
      userId: 'webhooks-test-owner',
      etag: randomUUID(),
      startedDate: now,
      modifiedDate: now,
    })
    .go();
  await entities.rfiPoint
    .create({
      applicationId: id,
      rfiPointId: `rfi-${id}`,
      title: 'Bracing',
      type: 'Consent',
      team: 'Building',
      round: 1,
      displayOrderInRound: 1,
      responseDetails: 'Attached.',
    })
    .go();
  const { tableServices } = await import('../../functions/rfis/ports');
  await tableServices().rfis.submitRound(
    { kind: 'user', userId: 'webhooks-test-owner' },
    { application: (await getApplication(id))!, access: {} as never },
    { type: 'Consent', round: 1, team: 'Building' },
  );
  return id;
}

const eventFor = (applicationId: string) =>
  receiver.accepted().find((e) => 'applicationId' in e && e.applicationId === applicationId);
const deliveryOf = async (eventId: string) =>
  (await rules.deliveries(council, { pageSize: 100 })).deliveries.find((d) => d.eventId === eventId);

describe('council webhooks', { timeout: 60_000 }, () => {
  test('a lodged application reaches the receiver signed; tampering and replays are detectable', async () => {
    const id = await submitted();
    const event = await waitFor('the webhook', () => eventFor(id));
    expect(event).toMatchObject({ type: 'ApplicationSubmitted', applicationId: id });
    const request = receiver.requests.find((r) => r.event?.eventId === event.eventId)!;
    expect(request).toMatchObject({ webhookId: event.eventId, verdict: 'ok', status: 204 });
    expect(Math.abs(request.timestamp - Date.now() / 1000)).toBeLessThan(60);
    expect(
      await waitFor(
        'the log',
        async () => (await deliveryOf(event.eventId))?.status === 'Delivered' && deliveryOf(event.eventId),
      ),
    ).toMatchObject({
      status: 'Delivered',
      attempts: 1,
      lastStatusCode: 204,
    });

    // The stored registration holds the secret sealed only (the delivery function's key opens it).
    const stored = await entities.councilWebhook.get({ authorityId }).go({ consistent: true });
    expect(stored.data!.secrets).toEqual([
      { sealed: expect.stringMatching(/^sealed:v1:/), createdAt: expect.any(String) },
    ]);
    expect(JSON.stringify(stored.data)).not.toContain(signingSecret.slice('whsec_'.length));

    // The same request, as captured: its body changed, or sent again 6 minutes later.
    const secret = signingSecret;
    const headers = signedWebhookHeaders([secret], event.eventId, request.timestamp, request.body);
    expect(verifyWebhook([secret], headers, request.body, request.timestamp)).toBe('ok');
    expect(verifyWebhook([secret], headers, request.body.replace(id, `${id}0`), request.timestamp)).toBe(
      'bad-signature',
    );
    expect(verifyWebhook([secret], headers, request.body, request.timestamp + 301)).toBe('stale-timestamp');
  });

  test('an RFI round submitted reaches the receiver as RfiRoundSubmitted', async () => {
    const id = await rfiRoundSubmitted();
    const event = await waitFor('the webhook', () => eventFor(id));
    expect(event).toMatchObject({ type: 'RfiRoundSubmitted', applicationId: id });
  });

  test('a receiver failing twice: retried by the event machinery, Delivered after 3 attempts', async () => {
    receiver.failNext(2);
    const id = await submitted();
    const event = await waitFor('the webhook', () => eventFor(id));
    expect(receiver.requests.filter((r) => r.event?.eventId === event.eventId).map((r) => r.status)).toEqual([
      503, 503, 204,
    ]);
    expect(
      await waitFor(
        'the log',
        async () => (await deliveryOf(event.eventId))?.status === 'Delivered' && deliveryOf(event.eventId),
      ),
    ).toMatchObject({
      status: 'Delivered',
      attempts: 3,
      lastStatusCode: 204,
    });
  });

  test('a receiver failing always: Failed in the log, dead-lettered; a redelivery after it recovers delivers', async () => {
    receiver.failAlways();
    const id = await submitted();
    const failed = await waitFor(
      'the last attempt',
      async () => {
        const sent = receiver.requests.filter(
          (r) => r.event && 'applicationId' in r.event && r.event.applicationId === id,
        );
        if (sent.length < 6) return undefined;
        const d = await deliveryOf(sent[0]!.event!.eventId);
        return d?.attempts === 6 && d;
      },
      { timeoutMs: 30_000 },
    );
    expect(failed).toMatchObject({
      status: 'Failed',
      attempts: 6,
      lastStatusCode: 503,
      lastError: 'HTTP 503',
    });
    expect((await rules.deliveries(council, { status: 'Failed', pageSize: 100 })).deliveries).toContainEqual(
      failed,
    );
    expect(eventFor(id)).toBeUndefined();

    receiver.failNext(0);
    const redelivered = await rules.redeliver(council, failed.eventId);
    expect(redelivered).toMatchObject({ status: 'Delivered', attempts: 7, lastStatusCode: 204 });
    expect(redelivered).not.toHaveProperty('lastError');
    expect(eventFor(id)).toMatchObject({ eventId: failed.eventId, type: 'ApplicationSubmitted' });
  });
});

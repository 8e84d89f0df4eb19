import { describe, expect, test } from 'vitest';
import {
  webhookCommands,
  WebhookUsageError,
  type WebhookAnswer,
  type WebhookPort,
} from '../../../infra/council/commands/webhooks';
import { signedWebhookHeaders } from '../../../functions/council/service/webhook-sender';

const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const registration = {
  url: 'https://bcs.wcc.govt.nz/hooks',
  createdAt: '2026-11-26T10:00:00.000Z',
  secretCreatedAt: '2026-11-26T10:00:00.000Z',
};

function fakePort(answer: WebhookAnswer) {
  const calls: unknown[][] = [];
  const port: WebhookPort = {
    get: async (...a) => (calls.push(['GET', ...a]), answer),
    send: async (...a) => (calls.push(a), answer),
  };
  return { port, calls };
}

async function run(name: keyof typeof webhookCommands, args: string[], answer: WebhookAnswer) {
  const { port, calls } = fakePort(answer);
  const lines: string[] = [];
  const code = await webhookCommands[name].run(args, port, { out: (l) => lines.push(l) });
  return { code, calls, lines };
}

describe('webhook commands', () => {
  test('set: PUT with the URL, prints the secret once', async () => {
    const r = await run('webhook', ['set', registration.url], {
      status: 200,
      body: { ...registration, signingSecret: SECRET },
    });
    expect(r.calls).toEqual([['PUT', '/council/webhook', { url: registration.url }]]);
    expect(r.lines).toContain(`signing secret: ${SECRET}  (shown once: keep it)`);
    expect(r.code).toBe(0);
  });

  test('a bad URL never reaches the API; a refusal prints the field and exits 1', async () => {
    await expect(run('webhook', ['set', 'not a url'], { status: 200, body: {} })).rejects.toBeInstanceOf(
      WebhookUsageError,
    );
    const refused = await run('webhook', ['set', 'http://bcs.wcc.govt.nz/'], {
      status: 400,
      body: {
        message: 'Invalid request',
        details: [{ field: 'body.url', reason: 'The webhook URL must use https' }],
      },
    });
    expect(refused).toMatchObject({
      code: 1,
      lines: ['refused: 400 Invalid request (body.url: The webhook URL must use https)'],
    });
  });

  test('show, remove, rotate, deliveries and redeliver make their calls', async () => {
    expect((await run('webhook', ['show'], { status: 200, body: registration })).calls).toEqual([
      ['GET', '/council/webhook'],
    ]);
    expect((await run('webhook', ['remove'], { status: 204, body: undefined })).lines).toEqual([
      'webhook removed',
    ]);
    expect(
      (await run('webhook', ['rotate'], { status: 200, body: { ...registration, signingSecret: SECRET } }))
        .calls,
    ).toEqual([['POST', '/council/webhook/secret', undefined]]);
    const delivery = {
      eventId: 'e-1',
      type: 'ApplicationSubmitted',
      occurredAt: '2026-11-26T10:00:00.000Z',
      status: 'Failed',
      attempts: 6,
      lastStatusCode: 503,
      lastError: 'HTTP 503',
    };
    const list = await run('webhook', ['deliveries', '--status', 'Failed'], {
      status: 200,
      body: { deliveries: [delivery] },
    });
    expect(list.calls).toEqual([['GET', '/council/webhook/deliveries', { status: 'Failed' }]]);
    expect(list.lines).toEqual([
      '2026-11-26T10:00:00.000Z  e-1  ApplicationSubmitted  Failed  attempts 6  HTTP 503',
    ]);
    const again = await run('redeliver', ['e-1'], {
      status: 200,
      body: { ...delivery, status: 'Delivered', attempts: 7, lastStatusCode: 204, lastError: undefined },
    });
    expect(again.calls).toEqual([['POST', '/council/webhook/deliveries/e-1/redelivery', undefined]]);
    expect(again.lines).toEqual([
      '2026-11-26T10:00:00.000Z  e-1  ApplicationSubmitted  Delivered  attempts 7  HTTP 204',
    ]);
  });

  test('listen: verifies, prints each event and refuses a bad signature', async () => {
    const lines: string[] = [];
    let stop!: () => void;
    const until = new Promise<void>((r) => (stop = r));
    const listening = webhookCommands.listen.run(
      ['--secret', SECRET],
      fakePort({ status: 200, body: {} }).port,
      {
        out: (l) => lines.push(l),
        until,
      },
    );
    const url = await new Promise<string>((resolve) => {
      const t = setInterval(() => {
        const l = lines.find((x) => x.startsWith('listening on '));
        if (l) {
          clearInterval(t);
          resolve(l.split(' ')[2]!);
        }
      }, 10);
    });
    const body = JSON.stringify({
      eventId: 'e-9',
      type: 'ApplicationSubmitted',
      applicationId: '1009',
      occurredAt: '2026-11-26T10:00:00.000Z',
    });
    const headers = signedWebhookHeaders([SECRET], 'e-9', Math.floor(Date.now() / 1000), body);
    expect((await fetch(url, { method: 'POST', headers, body })).status).toBe(204);
    expect((await fetch(url, { method: 'POST', headers, body: body.replace('1009', '1010') })).status).toBe(
      401,
    );
    stop();
    expect(await listening).toBe(0);
    expect(lines.slice(1).map((l) => l.replace(/^\S+ {2}/, ''))).toEqual([
      'e-9  ApplicationSubmitted 1009',
      'refused (bad-signature): e-9',
    ]);
  });
});

/**
 * The simulator's webhook commands (docs/council-api.md §5, §6), registered by the council CLI
 * (bin/council.ts) beside the application commands:
 *
 *   webhook set <url> | show | remove | rotate | deliveries [--status S]
 *   redeliver <eventId>
 *   listen [--port P] [--secret whsec_…]…   (a receiver on 127.0.0.1 that verifies and prints)
 *
 * The API calls go through the same small port as the other commands (the CLI's client with the
 * council's credentials; a fake in the unit tests); every answer is read with the API's schemas.
 */
import { parseArgs } from 'node:util';
import type * as z from 'zod';
import {
  WebhookDeliveriesPage,
  WebhookDelivery,
  WebhookRegistration,
  webhookDeliveryStatuses,
  WebhookRegistrationRequest,
} from '../../../shared/schemas/council.js';
import { startWebhookReceiver, type ReceivedRequest } from '../webhook-receiver.js';

/** One answer of the API (the CLI's client). */
export interface WebhookAnswer {
  readonly status: number;
  readonly body: unknown;
}
/** The calls these commands make, with one council's credentials (structurally the CLI's port). */
export interface WebhookPort {
  get(path: string, query?: Record<string, string>): Promise<WebhookAnswer>;
  send(method: string, path: string, body: unknown, idempotencyKey?: string): Promise<WebhookAnswer>;
}
export interface WebhookIo {
  readonly out: (line: string) => void;
  /** `listen` runs until this resolves (the CLI: Ctrl-C). */
  readonly until?: Promise<void>;
}

export class WebhookUsageError extends Error {}

export interface WebhookCommand {
  readonly usage: readonly string[];
  /** Runs the command; answers the exit code (0 ok, 1 refused by the API). */
  run(args: readonly string[], port: WebhookPort, io: WebhookIo): Promise<number>;
}

const refused = (io: WebhookIo, a: WebhookAnswer): number => {
  const b = a.body as {
    message?: string;
    description?: string;
    details?: { field: string; reason: string }[];
  };
  const details = (b?.details ?? []).map((d) => `${d.field}: ${d.reason}`).join('; ');
  io.out(
    `refused: ${a.status} ${b?.description ?? b?.message ?? ''}${details ? ` (${details})` : ''}`.trim(),
  );
  return 1;
};
const ok = (a: WebhookAnswer) => a.status >= 200 && a.status < 300;

function registrationLines(body: unknown): string[] {
  const r = WebhookRegistration.parse(body);
  return [
    `url: ${r.url}`,
    `registered: ${r.createdAt}`,
    `secret created: ${r.secretCreatedAt}`,
    ...(r.signingSecret ? [`signing secret: ${r.signingSecret}  (shown once: keep it)`] : []),
  ];
}

export function deliveryLine(d: z.output<typeof WebhookDelivery>): string {
  const last = [
    d.lastStatusCode !== undefined ? `HTTP ${d.lastStatusCode}` : undefined,
    d.lastError && d.lastError !== `HTTP ${d.lastStatusCode}` ? d.lastError : undefined,
  ].filter(Boolean);
  return `${d.occurredAt}  ${d.eventId}  ${d.type}  ${d.status}  attempts ${d.attempts}${last.length ? `  ${last.join(' ')}` : ''}`;
}

const receivedLine = (r: ReceivedRequest): string =>
  r.verdict === 'ok'
    ? `${new Date().toISOString()}  ${r.webhookId}  ${r.event ? `${r.event.type} ${'applicationId' in r.event ? r.event.applicationId : r.event.invitationId}` : r.body}`
    : `${new Date().toISOString()}  refused (${r.verdict}): ${r.webhookId || '(no webhook-id)'}`;

const webhook: WebhookCommand = {
  usage: [
    'webhook set <url>',
    'webhook show',
    'webhook remove',
    'webhook rotate',
    `webhook deliveries [--status ${webhookDeliveryStatuses.join('|')}]`,
  ],
  async run(args, port, io) {
    const [sub, ...rest] = args;
    switch (sub) {
      case 'set': {
        const parsed = WebhookRegistrationRequest.safeParse({ url: rest[0] });
        if (!parsed.success || rest.length !== 1) throw new WebhookUsageError('usage: webhook set <url>');
        const a = await port.send('PUT', '/council/webhook', parsed.data);
        if (!ok(a)) return refused(io, a);
        registrationLines(a.body).forEach((l) => io.out(l));
        return 0;
      }
      case 'show': {
        const a = await port.get('/council/webhook');
        if (!ok(a)) return refused(io, a);
        registrationLines(a.body).forEach((l) => io.out(l));
        return 0;
      }
      case 'remove': {
        const a = await port.send('DELETE', '/council/webhook', undefined);
        if (!ok(a)) return refused(io, a);
        io.out('webhook removed');
        return 0;
      }
      case 'rotate': {
        const a = await port.send('POST', '/council/webhook/secret', undefined);
        if (!ok(a)) return refused(io, a);
        registrationLines(a.body).forEach((l) => io.out(l));
        io.out('the previous secret keeps signing beside it for 24 hours');
        return 0;
      }
      case 'deliveries': {
        const { values } = parseArgs({ args: rest, options: { status: { type: 'string' } }, strict: true });
        const status = values.status;
        if (status !== undefined && !(webhookDeliveryStatuses as readonly string[]).includes(status))
          throw new WebhookUsageError(`--status is one of ${webhookDeliveryStatuses.join(', ')}`);
        const a = await port.get('/council/webhook/deliveries', status ? { status } : undefined);
        if (!ok(a)) return refused(io, a);
        const page = WebhookDeliveriesPage.parse(a.body);
        if (!page.deliveries.length) io.out('no deliveries');
        page.deliveries.forEach((d) => io.out(deliveryLine(d)));
        return 0;
      }
      default:
        throw new WebhookUsageError(`usage: ${webhook.usage.join(' | ')}`);
    }
  },
};

const redeliver: WebhookCommand = {
  usage: ['redeliver <eventId>'],
  async run(args, port, io) {
    if (args.length !== 1 || !args[0]) throw new WebhookUsageError('usage: redeliver <eventId>');
    const a = await port.send(
      'POST',
      `/council/webhook/deliveries/${encodeURIComponent(args[0])}/redelivery`,
      undefined,
    );
    if (!ok(a)) return refused(io, a);
    io.out(deliveryLine(WebhookDelivery.parse(a.body)));
    return 0;
  },
};

const listen: WebhookCommand = {
  usage: ['listen [--port P] [--secret whsec_…]  (or COUNCIL_WEBHOOK_SECRET)'],
  async run(args, _port, io) {
    const { values } = parseArgs({
      args: [...args],
      options: { port: { type: 'string' }, secret: { type: 'string', multiple: true } },
      strict: true,
    });
    const secrets =
      values.secret ?? (process.env.COUNCIL_WEBHOOK_SECRET ? [process.env.COUNCIL_WEBHOOK_SECRET] : []);
    if (!secrets.length)
      throw new WebhookUsageError(
        'listen needs the signing secret: --secret whsec_… or COUNCIL_WEBHOOK_SECRET',
      );
    const portNumber = values.port === undefined ? 0 : Number(values.port);
    if (!Number.isInteger(portNumber) || portNumber < 0 || portNumber > 65535)
      throw new WebhookUsageError('--port is a port number');
    const receiver = await startWebhookReceiver({
      secrets,
      port: portNumber,
      onRequest: (r) => io.out(receivedLine(r)),
    });
    io.out(`listening on ${receiver.url} (register it with: webhook set ${receiver.url})`);
    await (io.until ?? new Promise<void>(() => undefined));
    await receiver.close();
    return 0;
  },
};

/** The commands the council CLI adds, by name. */
export const webhookCommands: Readonly<Record<'webhook' | 'redeliver' | 'listen', WebhookCommand>> = {
  webhook,
  redeliver,
  listen,
};

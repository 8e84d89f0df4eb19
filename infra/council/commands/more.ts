/**
 * The rest of the simulator's commands in `npm run council` (docs/council-api.md §6): the webhook
 * commands of ./webhooks.ts (`webhook set|show|remove|rotate|deliveries`, `redeliver`, `listen`) and
 * registered-applicant invitations (`invite`, `invitations`), each an API call with the council's
 * credentials (the same port as the application commands).
 */
import * as z from 'zod';
import {
  CreateRegisteredApplicantInvitation,
  RegisteredApplicantInvitation,
  RegisteredApplicantInvitationList,
  RegisteredApplicantInvitationStatus,
} from '../../../shared/schemas/council.js';
import { clientPort, credentialsFor, type CouncilPort } from './applications.js';
import { UsageError } from './parse.js';
import type { CommandContext, CouncilCommand, OptionValues } from './types.js';
import { webhookCommands, WebhookUsageError } from './webhooks.js';

const credentialOptions = {
  authority: { type: 'string' },
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
} as const;

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

async function portOf(ctx: CommandContext, values: OptionValues): Promise<CouncilPort> {
  const creds = await credentialsFor(ctx, {
    ...(text(values.authority) ? { authority: text(values.authority)! } : {}),
    ...(text(values['client-id']) ? { clientId: text(values['client-id'])! } : {}),
    ...(text(values['client-secret']) ? { clientSecret: text(values['client-secret'])! } : {}),
  });
  return clientPort(creds);
}

/** Runs a command printing lines; a refusal (exit 1) throws with what it printed. */
async function printed(run: (out: (line: string) => void) => Promise<number>): Promise<string | undefined> {
  const lines: string[] = [];
  const code = await run((l) => lines.push(l));
  if (code !== 0) throw new Error(lines.join('\n'));
  return lines.length ? lines.join('\n') : undefined;
}

/** Parses a body with the API's schema: a mistyped line fails before anything is sent. */
function checked<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  throw new UsageError(`${issue.path.join('.') || 'value'}: ${issue.message}`);
}

const webhookCli: CouncilCommand[] = [
  {
    name: 'webhook',
    usage: 'webhook set <url> | show | remove | rotate | deliveries [--status S] [--authority A]',
    summary: "registers, shows, removes the council's webhook, rotates its secret, lists its deliveries",
    options: { status: { type: 'string' }, ...credentialOptions },
    positionals: ['action'],
    variadic: true,
    run: async ({ positionals, values, ctx }) => {
      const args = [...positionals, ...(text(values.status) ? ['--status', text(values.status)!] : [])];
      const port = await portOf(ctx, values);
      return printed((out) => webhookCommands.webhook.run(args, port, { out }));
    },
  },
  {
    name: 'redeliver',
    usage: 'redeliver <eventId> [--authority A]',
    summary: 'sends one event to the webhook again (a failed delivery, after the receiver is fixed)',
    options: credentialOptions,
    positionals: ['eventId'],
    run: async ({ positionals, values, ctx }) => {
      const port = await portOf(ctx, values);
      return printed((out) => webhookCommands.redeliver.run(positionals, port, { out }));
    },
  },
  {
    name: 'listen',
    usage: 'listen [--port P] [--secret whsec_…]',
    summary:
      'a webhook receiver on 127.0.0.1 that checks each signature and prints the events (Ctrl-C stops)',
    options: { port: { type: 'string' }, secret: { type: 'string', multiple: true } },
    run: async ({ values }) => {
      const args = [
        ...(text(values.port) ? ['--port', text(values.port)!] : []),
        ...((values.secret as string[] | undefined) ?? []).flatMap((s) => ['--secret', s]),
      ];
      const port: CouncilPort = {
        get: () => Promise.reject(new Error('listen makes no API call')),
        send: () => Promise.reject(new Error('listen makes no API call')),
      };
      try {
        await webhookCommands.listen.run(args, port, { out: (l) => console.log(l) });
      } catch (e) {
        if (e instanceof WebhookUsageError) throw new UsageError(e.message);
        throw e;
      }
      return undefined;
    },
  },
];

const invitationLine = (i: z.output<typeof RegisteredApplicantInvitation>) =>
  [i.id, i.status, i.email, [i.firstName, i.lastName].filter(Boolean).join(' '), i.sendingDate]
    .filter(Boolean)
    .join('  ');

const invitationCli: CouncilCommand[] = [
  {
    name: 'invite',
    usage: 'invite <email> [--first F] [--last L] [--expiry D] [--registered-applicant-id X] [--authority A]',
    summary:
      'invites a person to become a registered applicant of the council (they answer on the dashboard)',
    options: {
      first: { type: 'string' },
      last: { type: 'string' },
      expiry: { type: 'string' },
      'registered-applicant-id': { type: 'string' },
      ...credentialOptions,
    },
    positionals: ['email'],
    run: async ({ positionals: [email], values, ctx }) => {
      const body = checked(CreateRegisteredApplicantInvitation, {
        email,
        ...(text(values.first) ? { firstName: text(values.first) } : {}),
        ...(text(values.last) ? { lastName: text(values.last) } : {}),
        ...(text(values.expiry) ? { expiryDate: text(values.expiry) } : {}),
        ...(text(values['registered-applicant-id'])
          ? { registeredApplicantId: text(values['registered-applicant-id']) }
          : {}),
      });
      const port = await portOf(ctx, values);
      return printed(async (out) => {
        const a = await port.send('POST', '/council/registered-applicant-invitations', body);
        if (a.status !== 201 && a.status !== 200) {
          out(`refused: ${a.status} ${JSON.stringify(a.body)}`);
          return 1;
        }
        out(`invited: ${invitationLine(RegisteredApplicantInvitation.parse(a.body))}`);
        return 0;
      });
    },
  },
  {
    name: 'invitations',
    usage: 'invitations [--status Pending|Accepted|Rejected] [--authority A]',
    summary: "lists the council's registered-applicant invitations and their answers",
    options: { status: { type: 'string' }, ...credentialOptions },
    run: async ({ values, ctx }) => {
      const status = text(values.status);
      if (status !== undefined) checked(RegisteredApplicantInvitationStatus, status);
      const port = await portOf(ctx, values);
      return printed(async (out) => {
        const a = await port.get(
          '/council/registered-applicant-invitations',
          status ? { invitationStatus: status } : undefined,
        );
        if (a.status !== 200) {
          out(`refused: ${a.status} ${JSON.stringify(a.body)}`);
          return 1;
        }
        const list = RegisteredApplicantInvitationList.parse(a.body);
        out(list.length ? list.map(invitationLine).join('\n') : 'no invitations');
        return 0;
      });
    },
  },
];

export const moreSimulatorCommands: CouncilCommand[] = [...webhookCli, ...invitationCli];

/**
 * The simulator's council commands (docs/council-api.md §6), run over the council API: a parsed
 * command (./parse.ts) becomes one call with the council's credentials, and what it answers is
 * printed (./print.ts). A write on an application reads the application first (what `stage` and
 * `inspect` build on, and the "before" of what changed), then prints the change the write's answer
 * shows. The transport is a small port so that the unit tests drive it without a stack.
 */
import {
  CouncilApplication,
  CouncilApplicationsPage,
  CouncilDocuments,
  CouncilEventsPage,
  CouncilParticipants,
} from '../../../shared/schemas/council.js';
import { RequiredDocumentGroupDto } from '../../../shared/schemas/documents.js';
import { councilApiClient, type CouncilCredentials } from '../client.js';
import { councilCredentials } from '../operator.js';
import {
  commandCall,
  commands,
  commonOptions,
  parseCommand,
  UsageError,
  type CouncilCall,
  type ParsedCommand,
} from './parse.js';
import type { CommandContext, CouncilCommand } from './types.js';
import {
  applicationLines,
  applicationRows,
  changeLines,
  documentGroupLines,
  documentRows,
  eventLines,
  participantRows,
} from './print.js';

/** One answer of the API: its status, its JSON body and whether it replayed a stored answer. */
export interface CouncilAnswer {
  readonly status: number;
  readonly body: unknown;
  /** `idempotent-replayed: true`: the stored answer of an earlier write with the same key. */
  readonly replayed?: boolean;
}

/** The calls the commands make, with one council's credentials. */
export interface CouncilPort {
  get(path: string, query?: Record<string, string>): Promise<CouncilAnswer>;
  /** A write; without `idempotencyKey` the port makes a new one. */
  send(method: string, path: string, body: unknown, idempotencyKey?: string): Promise<CouncilAnswer>;
}

export interface CommandIo {
  readonly out: (line: string) => void;
  /** Waits between reads of `events --follow` (a real timer in the CLI). */
  readonly wait?: (seconds: number) => Promise<void>;
  /** `events --follow` stops when this says so (the CLI: never; tests: after a few pages). */
  readonly stop?: () => boolean;
}

/** The council command names, for the CLI's help and dispatch. */
export const councilCommandNames = Object.keys(commands);

export const councilCommandUsage = (): string[] => Object.values(commands).map((c) => `  ${c.usage}`);

function refusal(answer: CouncilAnswer): string {
  const b = answer.body as { message?: string; details?: { field: string; reason: string }[] } | undefined;
  const details = (b?.details ?? []).map((d) => ` ${d.field}: ${d.reason}`).join(';');
  return `refused: ${answer.status} ${b?.message ?? JSON.stringify(answer.body)}${details ? ` (${details.trim()})` : ''}`;
}

const ok = (a: CouncilAnswer) => a.status >= 200 && a.status < 300;

async function read(
  call: Extract<CouncilCall, { kind: 'read' }>,
  port: CouncilPort,
  io: CommandIo,
  json: boolean,
) {
  let query = call.query;
  for (;;) {
    const answer = await port.get(call.path, query);
    if (!ok(answer)) {
      io.out(refusal(answer));
      return 1;
    }
    if (json) io.out(JSON.stringify(answer.body, null, 2));
    else if (call.print === 'applications') {
      const page = CouncilApplicationsPage.parse(answer.body);
      io.out(applicationRows(page.applications).join('\n'));
      if (page.nextCursor) io.out(`more: --cursor ${page.nextCursor}`);
    } else if (call.print === 'application')
      io.out(applicationLines(CouncilApplication.parse(answer.body)).join('\n'));
    else if (call.print === 'participants')
      io.out(participantRows(CouncilParticipants.parse(answer.body).participants).join('\n'));
    else if (call.print === 'documents')
      io.out(documentRows(CouncilDocuments.parse(answer.body).documents).join('\n'));
    if (call.print !== 'events') return 0;

    const page = CouncilEventsPage.parse(answer.body);
    if (!json && page.events.length) io.out(eventLines(page.events).join('\n'));
    if (!json) io.out(`cursor: ${page.cursor}`);
    if (call.follow === undefined || io.stop?.()) return 0;
    query = { ...query, after: page.cursor };
    if (page.events.length === 0) await io.wait?.(call.follow);
  }
}

/** Runs one parsed command; the exit code (0, or 1 when the API refused it). */
export async function runCouncilCommand(
  parsed: ParsedCommand,
  port: CouncilPort,
  io: CommandIo,
): Promise<number> {
  const { call, json } = parsed;
  if (call.kind === 'read') return read(call, port, io, json);

  const current = await port.get(`/council/applications/${encodeURIComponent(call.applicationId)}`);
  if (!ok(current)) {
    io.out(refusal(current));
    return 1;
  }
  const before = CouncilApplication.parse(current.body);
  let body: unknown;
  try {
    body = call.body(before);
  } catch (err) {
    if (err instanceof UsageError) {
      io.out(`refused: ${err.message}`);
      return 1;
    }
    throw err;
  }
  const answer = await port.send(call.method, call.path, body, call.idempotencyKey);
  if (!ok(answer)) {
    io.out(refusal(answer));
    return 1;
  }
  if (json) {
    io.out(JSON.stringify(answer.body, null, 2));
    return 0;
  }
  if (answer.replayed)
    io.out(`replayed: the answer stored for idempotency key ${call.idempotencyKey ?? ''}`.trim());
  if (call.answers === 'documentGroup') {
    io.out(documentGroupLines(RequiredDocumentGroupDto.parse(answer.body)).join('\n'));
    return 0;
  }
  io.out(changeLines(before, CouncilApplication.parse(answer.body)).join('\n'));
  return 0;
}

/** The CLI's entry for a council command: parse, run, print; usage errors exit 2. */
export async function councilCommand(
  name: string,
  argv: readonly string[],
  portFor: (authority: string | undefined) => Promise<CouncilPort>,
  io: CommandIo,
): Promise<number> {
  let parsed: ParsedCommand;
  try {
    parsed = parseCommand(name, argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.out(err.message);
    return 2;
  }
  return runCouncilCommand(parsed, await portFor(parsed.authority), io);
}

/** What each council command does, for `npm run council -- help`. */
const SUMMARIES: Readonly<Record<string, string>> = {
  applications: 'lists the applications lodged with the council (newest submission first)',
  show: 'prints one lodged application: status, record type, consent number, stages, inspections',
  participants: "lists a lodged application's participants",
  documents: "lists a lodged application's documents (a short-lived link to each clean file)",
  accept: 'accepts the lodgement (Submitted → InProgress)',
  reject: 'rejects the lodgement with a reason (Submitted → Rejected)',
  suspend: 'suspends processing (InProgress → VRFISuspended)',
  resume: 'resumes processing (VRFISuspended → InProgress)',
  grant: 'grants the consent with its number (record type Consent)',
  refuse: 'refuses the application with a reason',
  lapse: 'lapses the application with a reason',
  withdraw: 'withdraws the application with a reason',
  ccc: 'issues the code compliance certificate (InProgress with a consent → Completed)',
  stage: 'sets one workflow stage (the others kept)',
  inspect: 'sets one inspection type at one location (the others kept)',
  patch: 'sets the fields the council keeps (tracking number, complexity, …)',
  'doc-group': 'sets a required document group (its container, status, order) the applicant sees',
  'review-upload': "sets the council's status of one upload of a group, with a reason",
  events: 'reads the feed after a cursor (--follow: keeps reading)',
};

/**
 * The council's credentials: `--client-id`/`--client-secret`, else COUNCIL_CLIENT_ID and
 * COUNCIL_CLIENT_SECRET, else the operator's hand-over of `--authority` (or COUNCIL_AUTHORITY).
 */
export async function credentialsFor(
  ctx: Pick<CommandContext, 'target'>,
  options: { authority?: string; clientId?: string; clientSecret?: string },
  env: Record<string, string | undefined> = process.env,
): Promise<CouncilCredentials> {
  const clientId = options.clientId ?? env.COUNCIL_CLIENT_ID;
  const clientSecret = options.clientSecret ?? env.COUNCIL_CLIENT_SECRET;
  const t = ctx.target();
  if (clientId && clientSecret) return { clientId, clientSecret, tokenUrl: t.tokenUrl, apiUrl: t.apiUrl };
  const authority = options.authority ?? env.COUNCIL_AUTHORITY;
  if (!authority) throw new UsageError('name the council: --authority <id> (or COUNCIL_AUTHORITY)');
  return councilCredentials(t, authority);
}

/** The port over the typed client (infra/council/client.ts). */
export function clientPort(credentials: CouncilCredentials): CouncilPort {
  const client = councilApiClient(credentials);
  return {
    get: (path, query) => client.send('GET', path, query ? { query } : {}),
    send: (method, path, body, idempotencyKey) =>
      client.send(method as 'POST' | 'PUT' | 'PATCH' | 'DELETE', path, {
        ...(body !== undefined ? { body } : {}),
        ...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
      }),
  };
}

const credentialOptions = {
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
} as const;

/** The simulator's council commands, registered in ./index.ts beside the operator's. */
export const simulatorCommands: CouncilCommand[] = Object.entries(commands).map(([name, c]) => ({
  name,
  usage: `${c.usage} [--authority A] [--json]${c.positionals.includes('id') ? ' [--idempotency-key K]' : ''}`,
  summary: SUMMARIES[name] ?? name,
  options: { ...commonOptions, ...credentialOptions, ...c.options },
  positionals: [...c.positionals],
  run: async ({ positionals, values, ctx }) => {
    const parsed = commandCall(name, values, positionals);
    const text = (k: string) => (typeof values[k] === 'string' ? (values[k] as string) : undefined);
    const creds = await credentialsFor(ctx, {
      ...(parsed.authority !== undefined ? { authority: parsed.authority } : {}),
      ...(text('client-id') !== undefined ? { clientId: text('client-id')! } : {}),
      ...(text('client-secret') !== undefined ? { clientSecret: text('client-secret')! } : {}),
    });
    const lines: string[] = [];
    const code = await runCouncilCommand(parsed, clientPort(creds), {
      // `events --follow` prints as it reads; the rest print once they have answered.
      out: (l) =>
        parsed.call.kind === 'read' && parsed.call.follow !== undefined ? console.log(l) : lines.push(l),
      wait: (seconds) => new Promise((r) => setTimeout(r, seconds * 1000)),
    });
    if (code !== 0) throw new Error(lines.join('\n'));
    return lines.length ? lines.join('\n') : undefined;
  },
}));

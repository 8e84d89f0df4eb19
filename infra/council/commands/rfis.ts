/**
 * The simulator's RFI commands (docs/council-api.md §6, docs/rfis.md): `rfi-raise`, `rfi-points`,
 * `rfi-signoff`. The council's authority is the first argument (`rfi-raise wcc 1001 …`). Parsing is
 * pure and checked with the API's own schemas (shared/schemas/rfis.ts) before anything is sent; the
 * calls are the typed client's `raiseRfiRound`, `rfiPoints` and `signOffRfiPoint`, and the table is
 * read with the shared rules (shared/domain/rfis.ts: `rfiRoundsOf`, `rfiPointState`).
 */
import type * as z from 'zod';
import {
  rfiPointState,
  rfiRoundsOf,
  rfiTypeLabels,
  rfiTypeOf,
  rfiTypes,
} from '../../../shared/domain/rfis.js';
import {
  RaiseRfiRound,
  RfiSignOff,
  type RaisedRfiRound,
  type RfiPointDto,
} from '../../../shared/schemas/rfis.js';
import { IdempotencyKey } from '../../../shared/schemas/council.js';
import { councilApiClient, type CouncilApiClient } from '../client.js';
import { credentialsFor } from './applications.js';
import { table } from './print.js';
import type { CommandContext, CouncilCommand, OptionValues } from './types.js';
import { checked, list, text, UsageError } from './values.js';

/** The officer a raised point names when `--person-name`/`--person-email` are not given. */
export const defaultRfiPerson = (authority: string) => ({
  name: 'Building consent officer',
  email: `building.consents@${authority}.council.example.nz`,
});

/** `--idempotency-key K`, checked as the API would. */
export const idempotency = (values: OptionValues) => {
  const key = text(values['idempotency-key']);
  return key === undefined ? {} : { idempotencyKey: checked(IdempotencyKey, key) };
};

export interface RfiRaiseCall {
  authority: string;
  applicationId: string;
  body: z.output<typeof RaiseRfiRound>;
  idempotencyKey?: string;
}

/** `rfi-raise <authority> <applicationId> --type T --team X [--round n] --point "title|details"…`. */
export function parseRfiRaise(positionals: readonly string[], values: OptionValues): RfiRaiseCall {
  const [authority, applicationId] = positionals;
  if (!authority || !applicationId) throw new UsageError('expected <authority> <applicationId>');
  const typeText = text(values.type);
  if (typeText === undefined) throw new UsageError(`--type is required (${rfiTypes.join('|')})`);
  const type = rfiTypeOf(typeText);
  if (!type) throw new UsageError(`--type is one of ${rfiTypes.join(', ')}`);
  const team = text(values.team);
  if (team === undefined) throw new UsageError('--team is required');
  const roundText = text(values.round);
  if (roundText !== undefined && !/^\d+$/.test(roundText)) throw new UsageError('--round is a number');
  const points = list(values.point);
  if (points.length === 0) throw new UsageError('--point "title|details" is required (one per point)');
  const fallback = defaultRfiPerson(authority);
  const requestPerson = {
    name: text(values['person-name']) ?? fallback.name,
    email: text(values['person-email']) ?? fallback.email,
  };
  const location = text(values.location);
  const body = checked(RaiseRfiRound, {
    type,
    team,
    ...(roundText !== undefined ? { round: Number(roundText) } : {}),
    points: points.map((p) => {
      const bar = p.indexOf('|');
      if (bar < 0) throw new UsageError(`--point is "title|details": ${p}`);
      return {
        title: p.slice(0, bar),
        requestDetails: p.slice(bar + 1),
        ...(location !== undefined ? { location } : {}),
        requestPerson,
      };
    }),
  });
  return { authority, applicationId, body, ...idempotency(values) };
}

export interface RfiSignOffCall {
  authority: string;
  applicationId: string;
  rfiPointId: string;
  body: z.output<typeof RfiSignOff>;
  idempotencyKey?: string;
}

/** `rfi-signoff <authority> <applicationId> <rfiPointId> --status RESOLVED|NOT_RESOLVED|INCOMPLETE [--date D]`. */
export function parseRfiSignOff(positionals: readonly string[], values: OptionValues): RfiSignOffCall {
  const [authority, applicationId, rfiPointId] = positionals;
  if (!authority || !applicationId || !rfiPointId)
    throw new UsageError('expected <authority> <applicationId> <rfiPointId>');
  if (text(values.status) === undefined)
    throw new UsageError('--status is required (RESOLVED|NOT_RESOLVED|INCOMPLETE)');
  const body = checked(RfiSignOff, {
    status: text(values.status),
    ...(text(values.date) !== undefined ? { signedOffDate: text(values.date) } : {}),
  });
  return { authority, applicationId, rfiPointId, body, ...idempotency(values) };
}

const rfiPlace = (p: RfiPointDto) => ({ ...p, rfiPointId: p.id });

/** The points as a table in reading order: round, type (its stage), team, title, state, who responded. */
export function rfiPointRows(points: readonly RfiPointDto[]): string[] {
  if (points.length === 0) return ['no RFI points'];
  const rows = rfiRoundsOf(points.map(rfiPlace)).flatMap((r) =>
    r.points.map((p) => [
      p.id,
      String(r.round),
      `${r.type} (${rfiTypeLabels[r.type]})`,
      r.team || '-',
      p.title,
      rfiPointState(p),
      p.responsePersonName ?? p.roundSubmittedByName ?? '-',
    ]),
  );
  return table(['ID', 'ROUND', 'TYPE', 'TEAM', 'TITLE', 'STATE', 'RESPONDED BY'], rows);
}

/** What a raise prints: the round and its points. */
export function raisedLines(raised: z.output<typeof RaisedRfiRound>): string[] {
  return [
    `raised: ${raised.type} (${rfiTypeLabels[raised.type]}) ${raised.team || '-'} round ${raised.round}, ${raised.rfiPoints.length} point(s); application ${raised.applicationStatus}`,
    ...rfiPointRows(raised.rfiPoints),
  ];
}

/** Which council's credentials (else the operator's hand-over of the authority), and a key to replay a write. */
export const credentialOptions = {
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
  'idempotency-key': { type: 'string' },
} as const;

/** The typed client with the authority's credentials (or `--client-id`/`--client-secret`). */
export async function clientOf(
  ctx: CommandContext,
  authority: string,
  values: OptionValues,
): Promise<CouncilApiClient> {
  const creds = await credentialsFor(ctx, {
    authority,
    ...(text(values['client-id']) ? { clientId: text(values['client-id'])! } : {}),
    ...(text(values['client-secret']) ? { clientSecret: text(values['client-secret'])! } : {}),
  });
  return councilApiClient(creds);
}

/** The write's options: its `--idempotency-key`, if given. */
export const opt = (o: { idempotencyKey?: string }) =>
  o.idempotencyKey !== undefined ? { idempotencyKey: o.idempotencyKey } : undefined;

export const rfiCommands: CouncilCommand[] = [
  {
    name: 'rfi-raise',
    usage:
      'rfi-raise <authority> <applicationId> --type Vetting|Consent|CCC --team T [--round N] --point "title|details"... [--location L] [--person-name N --person-email E]',
    summary: 'raises a round of RFI points (the application goes VRFISuspended and its clock stops)',
    options: {
      type: { type: 'string' },
      team: { type: 'string' },
      round: { type: 'string' },
      point: { type: 'string', multiple: true },
      location: { type: 'string' },
      'person-name': { type: 'string' },
      'person-email': { type: 'string' },
      ...credentialOptions,
    },
    positionals: ['authority', 'applicationId'],
    run: async ({ positionals, values, ctx }) => {
      const call = parseRfiRaise(positionals, values);
      const council = await clientOf(ctx, call.authority, values);
      const raised = await council.raiseRfiRound(call.applicationId, call.body, opt(call));
      return raisedLines(raised).join('\n');
    },
  },
  {
    name: 'rfi-points',
    usage: 'rfi-points <authority> <applicationId>',
    summary: "lists an application's RFI points: round, type, team, title, state, who responded",
    options: credentialOptions,
    positionals: ['authority', 'applicationId'],
    run: async ({ positionals: [authority, applicationId], values, ctx }) => {
      const council = await clientOf(ctx, authority!, values);
      const { rfiPoints } = await council.rfiPoints(applicationId!);
      return rfiPointRows(rfiPoints).join('\n');
    },
  },
  {
    name: 'rfi-signoff',
    usage:
      'rfi-signoff <authority> <applicationId> <rfiPointId> --status RESOLVED|NOT_RESOLVED|INCOMPLETE [--date D]',
    summary: 'signs a submitted RFI point off (the point is Processed)',
    options: { status: { type: 'string' }, date: { type: 'string' }, ...credentialOptions },
    positionals: ['authority', 'applicationId', 'rfiPointId'],
    run: async ({ positionals, values, ctx }) => {
      const call = parseRfiSignOff(positionals, values);
      const council = await clientOf(ctx, call.authority, values);
      const point = await council.signOffRfiPoint(call.applicationId, call.rfiPointId, call.body, opt(call));
      return [`signed off: ${point.title} ${point.status}`, ...rfiPointRows([point])].join('\n');
    },
  },
];

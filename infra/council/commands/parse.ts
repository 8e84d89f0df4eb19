/**
 * The simulator's council commands (docs/council-api.md §6): argv → the API call it makes. Pure:
 * no network, no credentials, so the unit tests pin every command's request. A write on an
 * application may need the application as it is now (`stage` and `inspect` send the whole list with
 * one entry changed, as the PUT replaces it): its body is a function of the current
 * `CouncilApplication`. Every body is parsed with the API's own schema (shared/schemas/council.ts)
 * before anything is sent, so a mistyped command fails here with the field and the reason.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import * as z from 'zod';
import { StageName, StageStatus, type WorkflowStage } from '../../../shared/schemas/applications.js';
import {
  checked,
  InspectionResult,
  InspectionStatus,
  itemOf,
  list,
  progressOf,
  text,
  today,
  UsageError,
  withInspection,
  withStage,
  yesNo,
  type InspectionType,
} from './values.js';
import {
  CodeComplianceCertificateRequest,
  CouncilApplicationPatch,
  CouncilApplicationsQuery,
  CouncilDecision,
  CouncilEventsQuery,
  IdempotencyKey,
  LodgementDecision,
  RequiredInspectionsRequest,
  SuspensionRequest,
  WorkflowStagesRequest,
  type CouncilApplication,
  RequiredDocumentGroupRequest,
  RequiredDocumentUploadReview,
} from '../../../shared/schemas/council.js';

export { UsageError };

export type Printer = 'applications' | 'application' | 'participants' | 'documents' | 'events';

export type CouncilCall =
  | {
      readonly kind: 'read';
      readonly path: string;
      readonly query?: Record<string, string>;
      readonly print: Printer;
      /** `events --follow`: read again after each page (seconds between empty pages). */
      readonly follow?: number;
    }
  | {
      readonly kind: 'write';
      readonly method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      readonly path: string;
      readonly applicationId: string;
      /** The body, from the application as the council reads it now. */
      readonly body: (current: CouncilApplication) => unknown;
      /** `--idempotency-key K`: replay an earlier write (else the client makes a new key). */
      readonly idempotencyKey?: string;
      /** What the write answers: the application (default), or a required document group. */
      readonly answers?: 'application' | 'documentGroup';
    };

const app = (id: string) => `/council/applications/${encodeURIComponent(id)}`;

type Options = NonNullable<ParseArgsConfig['options']>;
export type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

export interface Command {
  readonly usage: string;
  readonly options?: Options;
  /** Positional arguments after the command's name. */
  readonly positionals: readonly string[];
  build(args: { values: Values; positionals: string[] }): CouncilCall;
}

const write =
  (
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    suffix: string,
    body: (current: CouncilApplication) => unknown,
  ) =>
  (values: Values, id: string): CouncilCall => {
    const key = text(values['idempotency-key']);
    if (key !== undefined) checked(IdempotencyKey, key);
    return {
      kind: 'write',
      method,
      path: `${app(id)}${suffix}`,
      applicationId: id,
      body,
      ...(key !== undefined ? { idempotencyKey: key } : {}),
    };
  };

const reason = { reason: { type: 'string' } } as const satisfies Options;
const date = { date: { type: 'string' } } as const satisfies Options;

/** `refuse|lapse|withdraw <id> --reason R`: the decision of that outcome with its closed reason. */
const closing = (outcome: 'Refused' | 'Lapsed' | 'Withdrawn', word: string): Command => ({
  usage: `${word} <id> --reason R [--date D]`,
  options: { ...reason, ...date },
  positionals: ['id'],
  build: ({ values, positionals: [id] }) => {
    const body = checked(CouncilDecision, {
      outcome,
      closedReason: text(values.reason) ?? '',
      ...(text(values.date) ? { date: text(values.date) } : {}),
    });
    return write('POST', '/decision', () => body)(values, id!);
  },
});

export const commands: Readonly<Record<string, Command>> = {
  applications: {
    usage: 'applications [--status S[,S]] [--submitted-after D] [--page-size N] [--cursor C]',
    options: {
      status: { type: 'string' },
      'submitted-after': { type: 'string' },
      'page-size': { type: 'string' },
      cursor: { type: 'string' },
    },
    positionals: [],
    build: ({ values }) => {
      const query = Object.fromEntries(
        (
          [
            ['status', text(values.status)],
            ['submittedAfter', text(values['submitted-after'])],
            ['pageSize', text(values['page-size'])],
            ['cursor', text(values.cursor)],
          ] as const
        ).filter((e): e is [(typeof e)[0], string] => e[1] !== undefined),
      );
      checked(CouncilApplicationsQuery, query);
      return { kind: 'read', path: '/council/applications', query, print: 'applications' };
    },
  },
  show: {
    usage: 'show <id>',
    positionals: ['id'],
    build: ({ positionals: [id] }) => ({ kind: 'read', path: app(id!), print: 'application' }),
  },
  participants: {
    usage: 'participants <id>',
    positionals: ['id'],
    build: ({ positionals: [id] }) => ({
      kind: 'read',
      path: `${app(id!)}/participants`,
      print: 'participants',
    }),
  },
  documents: {
    usage: 'documents <id>',
    positionals: ['id'],
    build: ({ positionals: [id] }) => ({ kind: 'read', path: `${app(id!)}/documents`, print: 'documents' }),
  },
  accept: {
    usage: 'accept <id> [--date D]',
    options: date,
    positionals: ['id'],
    build: ({ values, positionals: [id] }) => {
      const body = checked(LodgementDecision, {
        decision: 'Accepted',
        ...(text(values.date) ? { date: text(values.date) } : {}),
      });
      return write('POST', '/lodgement', () => body)(values, id!);
    },
  },
  reject: {
    usage: 'reject <id> --reason R [--date D]',
    options: { ...reason, ...date },
    positionals: ['id'],
    build: ({ values, positionals: [id] }) => {
      const body = checked(LodgementDecision, {
        decision: 'Rejected',
        reason: text(values.reason) ?? '',
        ...(text(values.date) ? { date: text(values.date) } : {}),
      });
      return write('POST', '/lodgement', () => body)(values, id!);
    },
  },
  suspend: {
    usage: 'suspend <id> [--reason R]',
    options: reason,
    positionals: ['id'],
    build: ({ values, positionals: [id] }) => {
      const body = checked(SuspensionRequest, text(values.reason) ? { reason: text(values.reason) } : {});
      return write('POST', '/suspension', () => body)(values, id!);
    },
  },
  resume: {
    usage: 'resume <id>',
    positionals: ['id'],
    build: ({ values, positionals: [id] }) => write('DELETE', '/suspension', () => undefined)(values, id!),
  },
  grant: {
    usage: 'grant <id> --consent-number N [--date D]',
    options: { 'consent-number': { type: 'string' }, ...date },
    positionals: ['id'],
    build: ({ values, positionals: [id] }) => {
      if (text(values['consent-number']) === undefined) throw new UsageError('--consent-number is required');
      const body = checked(CouncilDecision, {
        outcome: 'Granted',
        consentNumber: text(values['consent-number']),
        ...(text(values.date) ? { date: text(values.date) } : {}),
      });
      return write('POST', '/decision', () => body)(values, id!);
    },
  },
  refuse: closing('Refused', 'refuse'),
  lapse: closing('Lapsed', 'lapse'),
  withdraw: closing('Withdrawn', 'withdraw'),
  ccc: {
    usage: 'ccc <id> [--date D] [--certificate-number N]',
    options: { ...date, 'certificate-number': { type: 'string' } },
    positionals: ['id'],
    build: ({ values, positionals: [id] }) => {
      const number = text(values['certificate-number']);
      const body = checked(CodeComplianceCertificateRequest, {
        issuedDate: text(values.date) ?? today(),
        ...(number !== undefined ? { certificateNumber: number } : {}),
      });
      return write('POST', '/code-compliance-certificate', () => body)(values, id!);
    },
  },
  stage: {
    usage:
      'stage <id> <Lodgement|Assessment|Inspections|Certificates> --status S [--progress x/y[/s]] [--progress-status S] [--item "status:displayName[:date]"]... [--type Steps|Numbers] [--display-name D]',
    options: {
      status: { type: 'string' },
      progress: { type: 'string' },
      'progress-status': { type: 'string' },
      item: { type: 'string', multiple: true },
      type: { type: 'string' },
      'display-name': { type: 'string' },
    },
    positionals: ['id', 'stage'],
    build: ({ values, positionals: [id, name] }) => {
      const progress = progressOf(text(values.progress), text(values['progress-status']));
      const stage: WorkflowStage = {
        stageName: checked(StageName, name),
        stageDisplayName: text(values['display-name']) ?? name!,
        stageStatus: checked(StageStatus, text(values.status)),
        stageType: checked(
          z.enum(['Steps', 'Numbers']),
          text(values.type) ?? (progress ? 'Numbers' : 'Steps'),
        ),
        ...(progress ? { progress } : {}),
        items: list(values.item).map(itemOf),
      };
      return write('PUT', '/workflow-stages', (current) =>
        checked(WorkflowStagesRequest, { workflowStages: withStage(current.workflowStages, stage) }),
      )(values, id!);
    },
  },
  inspect: {
    usage:
      'inspect <id> --location L --type T [--name N] [--status S] [--required N] [--booking D] [--result Pass|Fail|InProgress|N/A] [--notice X] [--date D] [--booking-url U]',
    options: {
      location: { type: 'string' },
      type: { type: 'string' },
      name: { type: 'string' },
      status: { type: 'string' },
      required: { type: 'string' },
      booking: { type: 'string' },
      result: { type: 'string' },
      notice: { type: 'string' },
      'booking-url': { type: 'string' },
      ...date,
    },
    positionals: ['id'],
    build: ({ values, positionals: [id] }) => {
      const location = text(values.location);
      const typeId = text(values.type);
      if (!location || !typeId) throw new UsageError('--location and --type are required');
      const status = values.status === undefined ? undefined : checked(InspectionStatus, values.status);
      const result = values.result === undefined ? undefined : checked(InspectionResult, values.result);
      const required = text(values.required);
      if (required !== undefined && !/^\d+$/.test(required)) throw new UsageError('--required is a number');
      const edit = (t: InspectionType): InspectionType => ({
        ...t,
        ...(text(values.name) ? { name: text(values.name)! } : {}),
        ...(status ? { status } : {}),
        ...(required !== undefined ? { inspectionsRequired: Number(required) } : {}),
        ...(text(values.booking) ? { nextBookingDate: text(values.booking)! } : {}),
        history: result
          ? [
              ...t.history,
              {
                date: text(values.date) ?? today(),
                name: text(values.name) ?? t.name,
                result,
                ...(text(values.notice) ? { notice: text(values.notice)! } : {}),
              },
            ]
          : t.history,
      });
      return write('PUT', '/required-inspections', (current) => {
        const bookingUrl = text(values['booking-url']) ?? current.inspectionBookingUrl;
        return checked(RequiredInspectionsRequest, {
          requiredInspections: withInspection(current.requiredInspections, location, typeId, edit),
          ...(bookingUrl ? { bookingUrl } : {}),
        });
      })(values, id!);
    },
  },
  'doc-group': {
    usage:
      'doc-group <id> <guid> --name N --container C [--status S] [--type T] [--order N] [--description D] [--building B] [--subcategory S] [--category C] [--requested-date D] [--accepted-date D]',
    options: {
      name: { type: 'string' },
      container: { type: 'string' },
      status: { type: 'string' },
      type: { type: 'string' },
      order: { type: 'string' },
      description: { type: 'string' },
      building: { type: 'string' },
      subcategory: { type: 'string' },
      category: { type: 'string' },
      'requested-date': { type: 'string' },
      'accepted-date': { type: 'string' },
    },
    positionals: ['id', 'guid'],
    build: ({ values, positionals: [id, guid] }) => {
      const order = text(values.order) ?? '1';
      if (!/^\d+$/.test(order)) throw new UsageError('--order is a number');
      const fields = {
        name: text(values.name) ?? '',
        documentContainerId: text(values.container) ?? '',
        status: text(values.status) ?? 'Required',
        type: text(values.type) ?? 'DocumentContainer',
        displayOrder: Number(order),
        description: text(values.description),
        building: text(values.building),
        subcategory: text(values.subcategory),
        documentCategoryId: text(values.category),
        requestedDate: text(values['requested-date']),
        acceptedDate: text(values['accepted-date']),
      };
      const body = checked(
        RequiredDocumentGroupRequest,
        Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
      );
      const call = write(
        'PUT',
        `/required-document-groups/${encodeURIComponent(guid!)}`,
        () => body,
      )(values, id!);
      return { ...call, answers: 'documentGroup' };
    },
  },
  'review-upload': {
    usage: 'review-upload <id> <guid> <document> --status <Document status> [--reason R] [--date D]',
    options: { status: { type: 'string' }, ...reason, ...date },
    positionals: ['id', 'guid', 'document'],
    build: ({ values, positionals: [id, guid, document] }) => {
      const body = checked(RequiredDocumentUploadReview, {
        councilStatus: text(values.status) ?? '',
        ...(text(values.reason) ? { reason: text(values.reason) } : {}),
        ...(text(values.date) ? { processingDate: text(values.date) } : {}),
      });
      const suffix = `/required-document-groups/${encodeURIComponent(guid!)}/uploads/${encodeURIComponent(document!)}`;
      return { ...write('PATCH', suffix, () => body)(values, id!), answers: 'documentGroup' };
    },
  },
  patch: {
    usage:
      'patch <id> [--tracking-number X] [--complexity X] [--complexity-description X] [--status-label X] [--development-contribution yes|no] [--resource-consent yes|no] [--document-groups yes|no]',
    options: {
      'tracking-number': { type: 'string' },
      complexity: { type: 'string' },
      'complexity-description': { type: 'string' },
      'status-label': { type: 'string' },
      'development-contribution': { type: 'string' },
      'resource-consent': { type: 'string' },
      'document-groups': { type: 'string' },
    },
    positionals: ['id'],
    build: ({ values, positionals: [id] }) => {
      const fields = {
        trackingNumber: text(values['tracking-number']),
        complexity: text(values.complexity),
        complexityDescription: text(values['complexity-description']),
        applicationStatusLabel: text(values['status-label']),
        developmentContributionRequired: yesNo(
          values['development-contribution'],
          'development-contribution',
        ),
        resourceConsentRequired: yesNo(values['resource-consent'], 'resource-consent'),
        useRequiredDocumentGroups: yesNo(values['document-groups'], 'document-groups'),
      };
      const body = checked(
        CouncilApplicationPatch,
        Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
      );
      return write('PATCH', '', () => body)(values, id!);
    },
  },
  events: {
    usage: 'events [--after C] [--limit N] [--follow] [--interval SECONDS]',
    options: {
      after: { type: 'string' },
      limit: { type: 'string' },
      follow: { type: 'boolean' },
      interval: { type: 'string' },
    },
    positionals: [],
    build: ({ values }) => {
      const query = Object.fromEntries(
        (
          [
            ['after', text(values.after)],
            ['limit', text(values.limit)],
          ] as const
        ).filter((e): e is [(typeof e)[0], string] => e[1] !== undefined),
      );
      checked(CouncilEventsQuery, query);
      const interval = text(values.interval) ?? '5';
      if (!/^\d+$/.test(interval) || Number(interval) < 1)
        throw new UsageError('--interval is whole seconds');
      return {
        kind: 'read',
        path: '/council/events',
        query,
        print: 'events',
        ...(values.follow ? { follow: Number(interval) } : {}),
      };
    },
  },
};

/** Options every council command takes (which council, and a key to replay a write with). */
export const commonOptions = {
  authority: { type: 'string' },
  'idempotency-key': { type: 'string' },
  json: { type: 'boolean' },
} as const satisfies Options;

export interface ParsedCommand {
  readonly call: CouncilCall;
  /** `--authority A`: whose credentials (the runner's default when absent). */
  readonly authority?: string;
  /** `--json`: print the API's answer as it is. */
  readonly json: boolean;
}

/** `argv` after the command's name → the call; UsageError with the command's usage when it cannot. */
export function parseCommand(name: string, argv: readonly string[]): ParsedCommand {
  const command = commands[name];
  if (!command) throw new UsageError(`unknown council command: ${name}`);
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { ...commonOptions, ...command.options },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\nusage: council ${command.usage}`);
  }
  return commandCall(name, parsed.values, parsed.positionals);
}

/** Option values and positionals already parsed (the CLI's parser) → the call. */
export function commandCall(name: string, values: Values, positionals: readonly string[]): ParsedCommand {
  const command = commands[name];
  if (!command) throw new UsageError(`unknown council command: ${name}`);
  try {
    if (positionals.length !== command.positionals.length)
      throw new UsageError(
        `expected ${command.positionals.map((p) => `<${p}>`).join(' ') || 'no arguments'}`,
      );
    if (values['idempotency-key'] !== undefined && !command.positionals.includes('id'))
      throw new UsageError('--idempotency-key is for writes');
    const call = command.build({ values, positionals: [...positionals] });
    if (call.kind === 'read' && values['idempotency-key'] !== undefined)
      throw new UsageError('--idempotency-key is for writes');
    return {
      call,
      json: values.json === true,
      ...(typeof values.authority === 'string' ? { authority: values.authority } : {}),
    };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new UsageError(`${message}\nusage: council ${command.usage}`);
  }
}

/**
 * The parts of the simulator's commands (./parse.ts) that are rules of their own: reading option
 * values, checking a body with the API's schema, and putting one stage or one inspection into the
 * lists the council's PUTs replace whole.
 */
import * as z from 'zod';
import { ProgressStatus, StageName, type WorkflowStage } from '../../../shared/schemas/applications.js';
import type { CouncilApplication } from '../../../shared/schemas/council.js';

/** A command line the simulator cannot make a call of; `usage` is the command's. */
export class UsageError extends Error {}

export const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const list = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x) => typeof x === 'string') : [];
export const today = (): string => new Date().toISOString().slice(0, 10);

/** Parses with the API's schema; a refusal names the field and the reason, as the API would. */
export function checked<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const field = issue.path.join('.');
  throw new UsageError(field ? `${field}: ${issue.message}` : issue.message);
}

export function yesNo(v: unknown, flag: string): boolean | undefined {
  if (v === undefined) return undefined;
  if (v === 'yes' || v === 'true') return true;
  if (v === 'no' || v === 'false') return false;
  throw new UsageError(`--${flag} is yes or no`);
}

const STAGE_ORDER: readonly string[] = StageName.options;

/** `--progress x/y` (elapsed of total), `x/y/s` with suspended days. */
export function progressOf(v: string | undefined, status: string | undefined): WorkflowStage['progress'] {
  if (v === undefined && status === undefined) return undefined;
  const progress: NonNullable<WorkflowStage['progress']> = {};
  if (v !== undefined) {
    const m = /^(\d+)\/(\d+)(?:\/(\d+))?$/.exec(v);
    if (!m) throw new UsageError('--progress is elapsed/total, e.g. 3/20 (or 3/20/2 with suspended days)');
    progress.elapsedNum = Number(m[1]);
    progress.totalNum = Number(m[2]);
    if (m[3] !== undefined) progress.suspendedNum = Number(m[3]);
  }
  if (status !== undefined) progress.status = checked(ProgressStatus, status);
  return progress;
}

/** `--item "status:displayName"` (and `--item "status:displayName:yyyy-mm-dd"`). */
export function itemOf(v: string): WorkflowStage['items'][number] {
  const [status, displayName, itemDate] = v.split(':');
  if (!status || !displayName)
    throw new UsageError('--item is "status:displayName", e.g. "Completed:Vetting"');
  return { status, displayName, ...(itemDate ? { date: itemDate } : {}) };
}

/** The stages with `stage` put in place of the one of its name (or added), in the spec's order. */
export function withStage(stages: readonly WorkflowStage[], stage: WorkflowStage): WorkflowStage[] {
  return [...stages.filter((s) => s.stageName !== stage.stageName), stage].sort(
    (a, b) => STAGE_ORDER.indexOf(a.stageName) - STAGE_ORDER.indexOf(b.stageName),
  );
}

type Inspections = CouncilApplication['requiredInspections'];
export type InspectionType = Inspections[number]['inspectionTypes'][number];

/** The inspections with one location's type changed by `edit` (the location and type added if new). */
export function withInspection(
  inspections: Inspections,
  location: string,
  typeId: string,
  edit: (current: InspectionType) => InspectionType,
): Inspections {
  const at = inspections.find((l) => l.location === location) ?? { location, inspectionTypes: [] };
  const current = at.inspectionTypes.find((t) => t.inspectionTypeId === typeId) ?? {
    inspectionTypeId: typeId,
    name: typeId,
    status: 'NotStarted' as const,
    history: [],
  };
  const types = at.inspectionTypes.some((t) => t.inspectionTypeId === typeId)
    ? at.inspectionTypes.map((t) => (t.inspectionTypeId === typeId ? edit(current) : t))
    : [...at.inspectionTypes, edit(current)];
  const next = { ...at, inspectionTypes: types };
  return inspections.some((l) => l.location === location)
    ? inspections.map((l) => (l.location === location ? next : l))
    : [...inspections, next];
}

export const InspectionStatus = z.enum(['NotStarted', 'InProgress', 'Completed', 'Fail']);
export const InspectionResult = z.enum(['Pass', 'Fail', 'InProgress', 'N/A']);

/**
 * What the simulator prints (docs/council-api.md §6): lists as aligned rows, one application as
 * its lines, and after a write what changed between the council's read before and the write's
 * answer — status, record type, consent number, reasons, the fields a PATCH sets, stages and
 * inspections. Pure: lines in, lines out.
 */
import type { RequiredDocumentGroupDto } from '../../../shared/schemas/documents.js';
import type { WorkflowStage } from '../../../shared/schemas/applications.js';
import type {
  CouncilApplication,
  CouncilApplicationSummary,
  CouncilEvent,
} from '../../../shared/schemas/council.js';

type Inspections = CouncilApplication['requiredInspections'];

const none = '(none)';
const show = (v: unknown): string => (v === undefined || v === null || v === '' ? none : String(v));

/** Rows padded to columns. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: readonly string[]) =>
    r
      .map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

export function applicationRows(apps: readonly CouncilApplicationSummary[]): string[] {
  if (apps.length === 0) return ['no applications'];
  return table(
    ['ID', 'NUMBER', 'STATUS', 'RECORD', 'CONSENT', 'SUBMITTED', 'ADDRESS'],
    apps.map((a) => [
      a.id,
      show(a.applicationNumber),
      a.status,
      a.recordType,
      show(a.consentNumber),
      show(a.submissionDate),
      show(a.address?.fullAddress ?? [a.address?.address1, a.address?.city].filter(Boolean).join(', ')),
    ]),
  );
}

/** One stage on one line: `Assessment (Numbers): Started 3/20 suspended 2 — Completed Vetting`. */
export function stageLine(s: WorkflowStage): string {
  const p = s.progress;
  const numbers =
    p && (p.elapsedNum !== undefined || p.totalNum !== undefined)
      ? ` ${show(p.elapsedNum)}/${show(p.totalNum)}${p.suspendedNum ? ` suspended ${p.suspendedNum}` : ''}`
      : '';
  const progress = p?.status ? ` (${p.status})` : '';
  const items = s.items.length
    ? ` — ${s.items.map((i) => `${i.status} ${i.displayName}${i.date ? ` ${i.date}` : ''}`).join(', ')}`
    : '';
  return `${s.stageName} (${s.stageType}): ${s.stageStatus}${numbers}${progress}${items}`;
}

/** One inspection type per line: `Site / Foundations: InProgress, 1 required, next 2026-12-01, Fail 2026-11-20`. */
export function inspectionLines(inspections: Inspections): string[] {
  return inspections.flatMap((l) =>
    l.inspectionTypes.map((t) => {
      const parts: string[] = [t.status];
      if (t.inspectionsRequired !== undefined) parts.push(`${t.inspectionsRequired} required`);
      if (t.nextBookingDate) parts.push(`next ${t.nextBookingDate}`);
      for (const h of t.history) parts.push(`${h.result} ${h.date}${h.notice ? ` (${h.notice})` : ''}`);
      return `${l.location} / ${t.name}: ${parts.join(', ')}`;
    }),
  );
}

const FIELDS = [
  ['status', 'status'],
  ['recordType', 'record type'],
  ['consentNumber', 'consent number'],
  ['closedReason', 'closed reason'],
  ['trackingNumber', 'tracking number'],
  ['complexity', 'complexity'],
  ['complexityDescription', 'complexity description'],
  ['applicationStatusLabel', 'status label'],
  ['developmentContributionRequired', 'development contribution required'],
  ['resourceConsentRequired', 'resource consent required'],
  ['useRequiredDocumentGroups', 'uses required document groups'],
  ['inspectionBookingUrl', 'inspection booking url'],
] as const satisfies readonly (readonly [keyof CouncilApplication, string])[];

const rejected = (a: CouncilApplication): string | undefined =>
  a.rejectedReason
    ? `${show(a.rejectedReason.reason)}${a.rejectedReason.date ? ` (${a.rejectedReason.date})` : ''}`
    : undefined;

/** The application as `show` prints it. */
export function applicationLines(a: CouncilApplication): string[] {
  const lines = [
    `${a.id}  ${show(a.applicationNumber)}  ${show(a.name)}`,
    `authority: ${a.authorityId}  form: ${show(a.formDisplayName ?? a.formId)}`,
    `submitted: ${show(a.submissionDate)}  modified: ${show(a.modifiedDate)}`,
    ...FIELDS.filter(([k]) => a[k] !== undefined && a[k] !== null).map(
      ([k, label]) => `${label}: ${show(a[k])}`,
    ),
  ];
  if (a.rejectedReason) lines.push(`rejected reason: ${rejected(a)}`);
  lines.push(
    'stages:',
    ...(a.workflowStages.length ? a.workflowStages.map((s) => `  ${stageLine(s)}`) : ['  (none)']),
  );
  const inspections = inspectionLines(a.requiredInspections);
  lines.push('inspections:', ...(inspections.length ? inspections.map((l) => `  ${l}`) : ['  (none)']));
  return lines;
}

/** Lines of a list that differ: `- old` for each gone, `+ new` for each added or changed. */
function listChange(label: string, before: readonly string[], after: readonly string[]): string[] {
  const gone = before.filter((l) => !after.includes(l));
  const added = after.filter((l) => !before.includes(l));
  if (gone.length === 0 && added.length === 0) return [];
  return [`${label}:`, ...gone.map((l) => `  - ${l}`), ...added.map((l) => `  + ${l}`)];
}

/** What a write changed, from the council's read before it and the write's answer. */
export function changeLines(before: CouncilApplication, after: CouncilApplication): string[] {
  const lines: string[] = [];
  for (const [k, label] of FIELDS) {
    if (show(before[k]) !== show(after[k])) lines.push(`${label}: ${show(before[k])} → ${show(after[k])}`);
  }
  if (show(rejected(before)) !== show(rejected(after)))
    lines.push(`rejected reason: ${show(rejected(before))} → ${show(rejected(after))}`);
  lines.push(
    ...listChange('stages', before.workflowStages.map(stageLine), after.workflowStages.map(stageLine)),
    ...listChange(
      'inspections',
      inspectionLines(before.requiredInspections),
      inspectionLines(after.requiredInspections),
    ),
  );
  return lines.length ? lines : ['nothing changed'];
}

export function eventLines(events: readonly CouncilEvent[]): string[] {
  return events.map(
    (e) =>
      `${e.occurredAt}  ${e.type}  ${'applicationId' in e ? e.applicationId : e.invitationId}  ${e.eventId}`,
  );
}

type Participant = {
  firstName?: string | undefined;
  lastName?: string | undefined;
  organisation?: string | undefined;
  email?: string | undefined;
  participantTypes: string[];
  accessLevel: string;
};
export function participantRows(participants: readonly Participant[]): string[] {
  if (participants.length === 0) return ['no participants'];
  return table(
    ['NAME', 'ROLES', 'ACCESS', 'EMAIL'],
    participants.map((p) => [
      show([p.firstName, p.lastName].filter(Boolean).join(' ') || p.organisation),
      show(p.participantTypes.join(',')),
      p.accessLevel,
      show(p.email),
    ]),
  );
}

type Document = {
  name: string;
  documentContainerId?: string | undefined;
  uploadStatus: string;
  fileSize: number;
  expiresAt?: string | undefined;
  presignedUrl?: string | undefined;
};
export function documentRows(documents: readonly Document[]): string[] {
  if (documents.length === 0) return ['no documents'];
  return table(
    ['NAME', 'CONTAINER', 'UPLOAD', 'BYTES', 'LINK'],
    documents.map((d) => [
      d.name,
      show(d.documentContainerId),
      d.uploadStatus,
      String(d.fileSize),
      d.presignedUrl ? `until ${show(d.expiresAt)}: ${d.presignedUrl}` : none,
    ]),
  );
}

/** A required document group as the council set it: its line, then each upload with its status. */
export function documentGroupLines(group: RequiredDocumentGroupDto): string[] {
  const head = `group ${group.guid}: ${group.name} (${group.status}, ${group.documentContainerId})`;
  const uploads = group.requiredDocumentUploads.map((u) => {
    const council = u.councilStatus ? `, council: ${u.councilStatus}${u.reason ? ` (${u.reason})` : ''}` : '';
    return `  ${u.name}: ${u.documentStatus}${council}`;
  });
  return [head, ...(uploads.length ? uploads : ['  no uploads yet'])];
}

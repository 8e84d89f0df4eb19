import type {
  ApplicationFilters,
  ApplicationStatus,
  BadgeCounts,
} from '../../../shared/schemas/applications.js';
import { applicationStatuses } from '../../../shared/schemas/applications.js';
import { canRead, statusLabel } from '../../../shared/domain/applications.js';
import type { AccessLevel } from '../../../shared/schemas/common.js';
import { badgeCounts } from './lists.js';

/**
 * The read model of the list badges and filters (GET /user/applicationsV2/badges and /filters), as
 * pure decisions. Each (user, application) _contributes_ a set of counter names to the user's
 * summary item: the badge counts it counts in (`b:…`) and the filter facets it shows (`f:…`). The
 * consumer moves a user's counters from the stored contribution to the current one (computed from
 * the application as it is now and the user's row), in one transaction conditional on the stored
 * contribution, so a replayed or late event changes nothing: the counts are always the sum of the
 * contributions, and each contribution is the current state's.
 */

/** What one application looks like to one user's lists. */
export interface ContributionSource {
  /** The list record type (Consent when a consent number exists, else Draft; Template). */
  recordType: string;
  status: string;
  visibility: 'visible' | 'hidden';
  /** The user's access level on it: None or Unassigned counts nothing (the lists do not show it). */
  accessLevel?: AccessLevel | undefined;
  formId?: string | undefined;
  authorityId?: string | undefined;
  complexity?: string | undefined;
}

export const BADGE = {
  visibleDrafts: 'b:visibleDrafts',
  submittedDrafts: 'b:submittedDrafts',
  visibleConsents: 'b:visibleConsents',
  hiddenDrafts: 'b:hiddenDrafts',
  hiddenConsents: 'b:hiddenConsents',
} as const;

const FACET = {
  form: 'f:form:',
  authority: 'f:authority:',
  status: 'f:status:',
  complexity: 'f:complexity:',
  /** (authority, form): a form's display name is looked up in its authority's jurisdiction. */
  pair: 'f:pair:',
} as const;

/** Whether an attribute name of the summary item is a counter. */
export const isCounterName = (name: string) => name.startsWith('b:') || name.startsWith('f:');

/**
 * The counters an application adds to a user's summary, sorted: none when it is gone, has no row
 * of the user, gives them no access (None, Unassigned), or is a template (the badges count Drafts and Consents; the filters leave templates
 * out). The same semantics as the COUNT queries and the row scan they replaced.
 */
export function countersOf(source: ContributionSource | undefined): string[] {
  if (!source || (source.recordType !== 'Draft' && source.recordType !== 'Consent')) return [];
  if (source.accessLevel !== undefined && !canRead(source.accessLevel)) return [];
  const out = new Set<string>();
  const visible = source.visibility === 'visible';
  if (source.recordType === 'Draft') {
    out.add(visible ? BADGE.visibleDrafts : BADGE.hiddenDrafts);
    if (visible && source.status !== 'Draft') out.add(BADGE.submittedDrafts);
  } else out.add(visible ? BADGE.visibleConsents : BADGE.hiddenConsents);
  if (source.formId) out.add(FACET.form + source.formId);
  if (source.authorityId) out.add(FACET.authority + source.authorityId);
  if (source.status) out.add(FACET.status + source.status);
  if (source.complexity) out.add(FACET.complexity + source.complexity);
  if (source.formId || source.authorityId)
    out.add(FACET.pair + JSON.stringify([source.authorityId ?? '', source.formId ?? '']));
  return [...out].sort();
}

/** The stored form of a counter set: the value the next move is conditional on. */
export const signatureOf = (counters: readonly string[]) => counters.join('\n');

/** +1 for each counter added, -1 for each removed (nothing when the sets are equal). */
export function deltasOf(before: readonly string[], after: readonly string[]): Record<string, number> {
  const b = new Set(before);
  const a = new Set(after);
  const out: Record<string, number> = {};
  for (const c of a) if (!b.has(c)) out[c] = 1;
  for (const c of b) if (!a.has(c)) out[c] = -1;
  return out;
}

/** The summary of many contributions (building a user's read model from their rows). */
export function totalsOf(contributions: Iterable<readonly string[]>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const counters of contributions) for (const c of counters) out[c] = (out[c] ?? 0) + 1;
  return out;
}

const n = (counters: Readonly<Record<string, number>>, name: string) => Math.max(0, counters[name] ?? 0);

/** The badge counts of a summary. */
export function badgesOfCounters(counters: Readonly<Record<string, number>>): BadgeCounts {
  return badgeCounts({
    visibleDrafts: n(counters, BADGE.visibleDrafts),
    submittedDrafts: n(counters, BADGE.submittedDrafts),
    visibleConsents: n(counters, BADGE.visibleConsents),
    hiddenDrafts: n(counters, BADGE.hiddenDrafts),
    hiddenConsents: n(counters, BADGE.hiddenConsents),
  });
}

/** The values of a facet that some application still shows (count > 0). */
function facet(counters: Readonly<Record<string, number>>, prefix: string): string[] {
  return Object.keys(counters)
    .filter((k) => k.startsWith(prefix) && n(counters, k) > 0)
    .map((k) => k.slice(prefix.length))
    .filter((v) => v !== '');
}

/** The (authority, form) pairs of a summary, for the display names. */
export function pairsOf(counters: Readonly<Record<string, number>>) {
  return facet(counters, FACET.pair).map((v) => {
    const [authorityId, formId] = JSON.parse(v) as [string, string];
    return { authorityId: authorityId || undefined, formId: formId || undefined };
  });
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en-NZ');

/** The filter options of a summary with the display names of its forms and authorities. */
export function filtersOfCounters(
  counters: Readonly<Record<string, number>>,
  names: {
    forms: ReadonlyMap<string, { displayName: string }>;
    authorities: ReadonlyMap<string, { displayName: string }>;
  },
): ApplicationFilters {
  const known = new Set<string>(applicationStatuses);
  return {
    forms: facet(counters, FACET.form)
      .map((id) => ({ id, name: names.forms.get(id)?.displayName ?? id }))
      .sort(byName),
    authorities: facet(counters, FACET.authority)
      .map((id) => ({ id, name: names.authorities.get(id)?.displayName ?? id }))
      .sort(byName),
    statuses: facet(counters, FACET.status)
      .map((id) => ({ id, name: known.has(id) ? statusLabel(id as ApplicationStatus) : 'Unknown' }))
      .sort(byName),
    complexities: facet(counters, FACET.complexity)
      .map((id) => ({ id, name: id }))
      .sort(byName),
    outstandingActions: [
      { id: 'RFI', name: 'RFI' },
      { id: 'PAYMENT', name: 'Payment' },
      { id: 'DOCUMENT', name: 'Document' },
    ],
  };
}

/** A stored contribution. */
export interface Contribution {
  counters: string[];
  signature: string;
}

/** What reconciling needs: the current state, the stored contribution, and a conditional move. */
export interface ContributionStore {
  /** The application as it is now for the user (undefined: it or the user's row is gone). */
  source(userId: string, applicationId: string): Promise<ContributionSource | undefined>;
  contribution(userId: string, applicationId: string): Promise<Contribution | undefined>;
  /**
   * In one transaction: the contribution becomes `next` (deleted when empty) on condition that it
   * is still `previous` (absent when undefined), and the user's counters change by `deltas`.
   * False when the condition failed (someone moved it first).
   */
  move(
    userId: string,
    applicationId: string,
    previous: Contribution | undefined,
    next: string[],
    deltas: Record<string, number>,
  ): Promise<boolean>;
}

/**
 * Brings one user's counters in line with one application as it is now. Idempotent and
 * order-independent: it never applies an event's delta, only the difference between the stored
 * contribution and the current state's.
 */
export async function reconcile(
  store: ContributionStore,
  userId: string,
  applicationId: string,
): Promise<'unchanged' | 'moved'> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [source, previous] = await Promise.all([
      store.source(userId, applicationId),
      store.contribution(userId, applicationId),
    ]);
    const next = countersOf(source);
    const deltas = deltasOf(previous?.counters ?? [], next);
    if (Object.keys(deltas).length === 0) return 'unchanged';
    if (await store.move(userId, applicationId, previous, next, deltas)) return 'moved';
  }
  throw new Error(`reconcile: the contribution of ${applicationId} to ${userId} kept changing`);
}

/** What building a user's read model from their rows writes. */
export interface RebuildPlan {
  /** The user's counters: the sum of the wanted contributions. */
  counters: Record<string, number>;
  /** Contributions to put (missing, or stored with another signature): application id and counters. */
  puts: [applicationId: string, counters: string[]][];
  /** Stored contributions of applications that no longer contribute. */
  deletes: string[];
}

/**
 * Compares a user's rows (each application as the user sees it) with their stored contributions:
 * the counters, and the contributions to write so that the stored ones are the rows' (a stored
 * contribution already current is left alone, so building twice writes nothing the second time).
 */
export function rebuildPlan(
  rows: Iterable<ContributionSource & { applicationId: string }>,
  stored: Iterable<{ applicationId: string; signature: string }>,
): RebuildPlan {
  const wanted = new Map<string, string[]>();
  for (const r of rows) {
    const counters = countersOf({
      recordType: r.recordType,
      status: r.status,
      visibility: r.visibility,
      accessLevel: r.accessLevel,
      formId: r.formId,
      authorityId: r.authorityId,
      complexity: r.complexity,
    });
    if (counters.length > 0) wanted.set(r.applicationId, counters);
  }
  const have = new Map([...stored].map((c) => [c.applicationId, c.signature]));
  const puts: RebuildPlan['puts'] = [];
  for (const [applicationId, counters] of wanted)
    if (have.get(applicationId) !== signatureOf(counters)) puts.push([applicationId, counters]);
  const deletes = [...have.keys()].filter((applicationId) => !wanted.has(applicationId));
  return { counters: totalsOf(wanted.values()), puts, deletes };
}

/**
 * Requests for further information (docs/rfis.md).
 * Pure rules the server (flags, submission, the council's sign-off) and the web (chips, counts, the
 * submit button) both run, so they cannot disagree. docs/rfis.md is the design.
 */

/** The council's RFI types; the web shows them by the stage they belong to. */
export const rfiTypes = ['Vetting', 'Consent', 'CCC'] as const;
export type RfiType = (typeof rfiTypes)[number];
export const rfiTypeLabels: Record<RfiType, string> = {
  Vetting: 'Lodgement',
  Consent: 'Assessment',
  CCC: 'Certificates',
};

/** An RFI type from any case ('VETTING', 'vetting', 'Vetting'); unknown → undefined. */
export function rfiTypeOf(text: string): RfiType | undefined {
  const t = text.trim().toLowerCase();
  return rfiTypes.find((x) => x.toLowerCase() === t);
}

/** The point status values the council sets (NOT_SPECIFIED is the default). */
export const rfiPointStatusValues = [
  'RESOLVED',
  'NOT_RESOLVED',
  'INCOMPLETE',
  'SUBMITTED',
  'NOT_SUBMITTED',
  'NOT_SPECIFIED',
] as const;
export type RfiPointStatusValue = (typeof rfiPointStatusValues)[number];
/** What the council may set when it signs a point off. */
export const rfiSignOffStatuses = ['RESOLVED', 'NOT_RESOLVED', 'INCOMPLETE'] as const;
export type RfiSignOffStatus = (typeof rfiSignOffStatuses)[number];

/** Derived point status (§4). */
export type RfiPointState = 'NotResponded' | 'Responded' | 'Submitted' | 'Processed';
/** Round status (§4). */
export type RfiRoundState = 'NotResponded' | 'Responded' | 'Submitted' | 'Processed';

/** The fields the statuses are derived from. */
export interface RfiPointFacts {
  responseDetails?: string | null | undefined;
  customerSubmittedDate?: string | null | undefined;
  councilSignedOffDate?: string | null | undefined;
}

/** Whether the point has a response: text that is not only blanks. */
export const hasResponse = (p: RfiPointFacts): boolean => !!p.responseDetails?.trim();

/**
 * Processed when the council signed it off; Submitted when the customer submitted it; Responded when
 * it has response text; otherwise NotResponded.
 */
export function rfiPointState(p: RfiPointFacts): RfiPointState {
  if (p.councilSignedOffDate) return 'Processed';
  if (p.customerSubmittedDate) return 'Submitted';
  if (hasResponse(p)) return 'Responded';
  return 'NotResponded';
}

const rank: Record<RfiPointState, number> = { NotResponded: 0, Responded: 1, Submitted: 2, Processed: 3 };

/**
 * Processed if all points are processed; Submitted if all are processed or submitted; Responded if all
 * are at least responded; otherwise NotResponded. (A round without points is Processed: nothing is asked.)
 */
export function rfiRoundState(points: readonly RfiPointFacts[]): RfiRoundState {
  const least = Math.min(...points.map((p) => rank[rfiPointState(p)]), rank.Processed);
  return (Object.keys(rank) as RfiPointState[]).find((s) => rank[s] === least)!;
}

/** NotResponded and Responded count as open (the applicant still has to act). */
export const isOpenState = (s: RfiRoundState | RfiPointState): boolean =>
  s === 'NotResponded' || s === 'Responded';

/** The fields that place a point in its round and in the list. */
export interface RfiPointPlace extends RfiPointFacts {
  rfiPointId: string;
  type: RfiType;
  team?: string | null | undefined;
  location?: string | null | undefined;
  round: number;
  displayOrderInRound: number;
}

/** A round: one type, one team, one round number (the web groups rounds by type and team). */
export interface RfiRound<P extends RfiPointPlace> {
  key: string;
  type: RfiType;
  team: string;
  round: number;
  status: RfiRoundState;
  points: P[];
  /** Points still open in this round (NotResponded or Responded). */
  openCount: number;
}

/** A round's key: its type, team and number ("Assessment|Building|1"); also its `?subSection=` in the RFIs section. */
export const roundKey = (p: { type: RfiType; team?: string | null | undefined; round: number }): string =>
  `${p.type}|${p.team ?? ''}|${p.round}`;

/** Points in reading order: by type (Lodgement, Assessment, Certificates), team, round, then order in round. */
export function orderRfiPoints<P extends RfiPointPlace>(points: readonly P[]): P[] {
  return [...points].sort(
    (a, b) =>
      rfiTypes.indexOf(a.type) - rfiTypes.indexOf(b.type) ||
      (a.team ?? '').localeCompare(b.team ?? '') ||
      a.round - b.round ||
      a.displayOrderInRound - b.displayOrderInRound ||
      a.rfiPointId.localeCompare(b.rfiPointId),
  );
}

/** The rounds of an application's points, in reading order. */
export function rfiRoundsOf<P extends RfiPointPlace>(points: readonly P[]): RfiRound<P>[] {
  const rounds = new Map<string, P[]>();
  for (const p of orderRfiPoints(points)) {
    const key = roundKey(p);
    rounds.set(key, [...(rounds.get(key) ?? []), p]);
  }
  return [...rounds.entries()].map(([key, ps]) => ({
    key,
    type: ps[0]!.type,
    team: ps[0]!.team ?? '',
    round: ps[0]!.round,
    status: rfiRoundState(ps),
    points: ps,
    openCount: ps.filter((p) => isOpenState(rfiPointState(p))).length,
  }));
}

/** The previous and next point of `id` in reading order (the point page's arrows). */
export function rfiNeighbours(
  points: readonly RfiPointPlace[],
  id: string,
): { previous?: string | undefined; next?: string | undefined } {
  const ordered = orderRfiPoints(points);
  const i = ordered.findIndex((p) => p.rfiPointId === id);
  if (i < 0) return {};
  return { previous: ordered[i - 1]?.rfiPointId, next: ordered[i + 1]?.rfiPointId };
}

/**
 * What is left for the applicant (one rule for the RFIs summary, docs/rfis.md): the open points
 * without a response are to answer; the open points with one are to send (a round goes as a whole).
 */
export function rfiResponseCounts(points: readonly RfiPointFacts[]): { toAnswer: number; toSend: number } {
  const open = points.filter((p) => isOpenState(rfiPointState(p)));
  const toAnswer = open.filter((p) => !hasResponse(p)).length;
  return { toAnswer, toSend: open.length - toAnswer };
}

/**
 * The RFI documents a point's response shows (the application's RFI container is shared by every
 * point): its own, then those attached to no point (free to attach). A document attached to another
 * point shows only under that point.
 */
export function responseDocumentChoices(
  uploaded: readonly string[],
  point: { id: string; documentNames: readonly string[] },
  others: readonly { id: string; documentNames?: readonly string[] | undefined }[],
): { attached: string[]; free: string[] } {
  const elsewhere = new Set(others.filter((o) => o.id !== point.id).flatMap((o) => o.documentNames ?? []));
  const own = new Set(point.documentNames);
  return {
    attached: [...point.documentNames],
    free: uploaded.filter((n) => !own.has(n) && !elsewhere.has(n)),
  };
}

/** The application's flags: hasRFI (any point) and hasOutstandingRFIs (any open round). */
export function rfiFlags(points: readonly RfiPointFacts[]): { hasRFI: boolean; hasOutstandingRFIs: boolean } {
  return {
    hasRFI: points.length > 0,
    hasOutstandingRFIs: points.some((p) => isOpenState(rfiPointState(p))),
  };
}

/** Which round a submission names: v2 by location, v3 by team (both with type and round). */
export type RoundSelector =
  { type: RfiType; round: number; team: string } | { type: RfiType; round: number; location: string };

const same = (a: string | null | undefined, b: string) => (a ?? '').trim() === b.trim();

/** The points a submission names. */
export function pointsOfRound<P extends RfiPointPlace>(points: readonly P[], s: RoundSelector): P[] {
  return orderRfiPoints(points).filter(
    (p) =>
      p.type === s.type &&
      p.round === s.round &&
      ('team' in s ? same(p.team, s.team) : same(p.location, s.location)),
  );
}

export const rfiMessages = {
  fetchPoints: 'Failed to fetch RFI points',
  fetchPoint: 'Failed to fetch RFI point',
  updatePoint: 'Failed to update RFI point',
  fetchPointDocuments: 'Failed to fetch RFI point documents',
  pointNotFound: 'RFI point not found',
  roundNotFound: 'No RFI points in this round',
  roundAlreadySubmitted: 'This round has already been submitted',
  answerEveryPoint: 'Answer every point before submitting the round',
  pointSubmitted: 'This RFI point has been submitted and can no longer be changed',
  notEditable: 'RFIs can be answered only while the council waits for the response',
  notSubmitted: 'The applicant has not submitted this point yet',
  alreadySignedOff: 'This point has already been signed off',
  raiseNotInProgress: 'An RFI can be raised only on an application the council has accepted and not decided',
  documentNotFound: 'The document is not an RFI document of this application',
  roundExists: (round: number) => `Round ${round} has already been raised: raise the next round`,
} as const;

/** Whether a point may still change its response (it is neither submitted nor processed). */
export function pointChange(p: RfiPointFacts): { ok: true } | { ok: false; reason: string } {
  return isOpenState(rfiPointState(p)) ? { ok: true } : { ok: false, reason: rfiMessages.pointSubmitted };
}

/**
 * Whether a round may be submitted: it has points, some not yet submitted, and every one of those has
 * a response. Answers the points to submit.
 */
export function roundSubmission<P extends RfiPointPlace>(
  round: readonly P[],
): { ok: true; points: P[] } | { ok: false; reason: string; conflict: boolean } {
  if (round.length === 0) return { ok: false, reason: rfiMessages.roundNotFound, conflict: false };
  const open = round.filter((p) => isOpenState(rfiPointState(p)));
  if (open.length === 0) return { ok: false, reason: rfiMessages.roundAlreadySubmitted, conflict: true };
  if (open.some((p) => !hasResponse(p)))
    return { ok: false, reason: rfiMessages.answerEveryPoint, conflict: true };
  return { ok: true, points: open };
}

/** The next round number of a type and team: one more than the highest so far (1 for the first). */
export function nextRoundNumber(
  points: readonly { type: RfiType; team?: string | null | undefined; round: number }[],
  type: RfiType,
  team: string,
): number {
  return Math.max(0, ...points.filter((p) => p.type === type && same(p.team, team)).map((p) => p.round)) + 1;
}

/** Round numbers "parsed from text": '2', 'Round 2', 'R2' → 2; nothing numeric → undefined. */
export function parseRoundNumber(text: string | number): number | undefined {
  if (typeof text === 'number') return Number.isInteger(text) && text > 0 ? text : undefined;
  const m = /(\d{1,4})/.exec(text);
  const n = m ? Number(m[1]) : NaN;
  return n > 0 ? n : undefined;
}

/**
 * The automatic council (`npm start -- --council=auto`; docs/council-api.md §6):
 * a council's back office that needs no hand. Through the council API with the council's own
 * credentials (the typed client, as the simulator), it accepts each lodgement, sets the workflow
 * stages, moves the assessment on, grants the consent with a number and issues the consent and its
 * conditions (a small PDF each: ./issued-pdf.ts), and opens the inspections.
 *
 * What to do next is read from the application as the API answers it (status, stages, consent
 * number), never kept in memory: a restarted stack carries on where it was, and a person using the
 * simulator at the same time only moves it on. Each step waits `stepMs` after the application's last
 * change. Each write's Idempotency-Key is made of the application, the step and the change it
 * follows, and its body only of the application as read (a stage's date is the change it follows:
 * the acceptance, the grant), so a retried tick replays instead of changing anything twice.
 *
 * RFIs (docs/rfis.md): on the applications {@link autoRaisesRfi} picks (the application number's
 * last digit even, unless `raisesRfi` says otherwise), once the assessment has started it raises one
 * Consent round of two points (team 'Building') instead of going on to the decision. The application
 * is VRFISuspended while the round is open, so the council leaves it alone; once the applicant has
 * submitted the round it is InProgress again, and the council signs each submitted point off
 * RESOLVED, then carries on to the grant. The RFI steps are derived from the points the API answers
 * (read each tick), so a restart carries on too.
 *
 * Payments (./auto-payments.ts, docs/payments.md): on an authority that takes payments, accepting
 * a lodgement issues the lodgement fee invoice, and a claimed deposit is confirmed on the next tick
 * (also while the application is VRFISuspended). The grant never waits for a payment.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type * as z from 'zod';
import type { CouncilApplication } from '../../shared/schemas/council.js';
import type { RequiredInspection, WorkflowStage } from '../../shared/schemas/applications.js';
import { issueDocuments } from './issued-pdf.js';
import type { RaiseRfiRound, RfiPointDto } from '../../shared/schemas/rfis.js';
import { isOpenState, rfiPointState } from '../../shared/domain/rfis.js';
import { CouncilApiError, type CouncilApiClient } from './client.js';
import { inTurns } from './in-turns.js';
import { withStage } from './commands/values.js';
import {
  confirmAutoDeposits,
  issueAutoInvoice,
  nextAutoPaymentStep,
  type AutoPaymentFacts,
  type AutoPaymentStep,
} from './auto-payments.js';

/** The assessment's length in the stage's progress (working days of the statutory clock). */
export const AUTO_ASSESSMENT_DAYS = 20;
/** How far the assessment moves each step. */
const ASSESSMENT_STEP_DAYS = 10;
/** Default pause between two steps on one application. */
export const AUTO_STEP_MS = 30_000;

export type AutoStep =
  | { kind: 'accept' }
  | { kind: 'startAssessment' }
  | { kind: 'assess'; elapsed: number }
  | { kind: 'grant'; consentNumber: string }
  | { kind: 'startInspections' }
  | { kind: 'raiseRfi' }
  | { kind: 'signOffRfi'; rfiPointIds: string[] }
  | AutoPaymentStep;

/** The team of the round the automatic council raises. */
export const AUTO_RFI_TEAM = 'Building';

/** Which applications get an RFI round: the application number's last digit is even (BLD-2026-00042). */
export function autoRaisesRfi(app: Pick<CouncilApplication, 'applicationNumber'>): boolean {
  const last = /(\d)$/.exec(app.applicationNumber ?? '')?.[1];
  return last !== undefined && Number(last) % 2 === 0;
}

/** The round the automatic council raises: realistic questions of a building consent officer. */
export function autoRfiRound(authorityId: string): z.input<typeof RaiseRfiRound> {
  const requestPerson = {
    name: 'Building consent officer',
    email: `building.consents@${authorityId}.council.example.nz`,
  };
  return {
    type: 'Consent',
    team: AUTO_RFI_TEAM,
    round: 1,
    points: [
      {
        title: 'Bracing calculations',
        requestDetails:
          'Please provide the bracing calculations to NZS 3604:2011 Section 5 for each floor: the ' +
          'bracing demand for wind and earthquake, the bracing units achieved along each bracing ' +
          'line, and the bracing elements and their fixings marked on the floor plans.',
        requestPerson,
      },
      {
        title: 'Fire separation to the boundary',
        requestDetails:
          'The external wall on the south boundary is within 1 m of the boundary. Please show the ' +
          'fire resistance rating (FRR) of the wall and specify the fire-rated cladding and lining ' +
          'system (Acceptable Solution C/AS1 Part 5), with the system reference and its details.',
        requestPerson,
      },
    ],
  };
}

/** What the RFI steps are derived from: whether this application gets a round, and its points now. */
export interface AutoRfiFacts {
  raise: boolean;
  points: readonly RfiPointDto[];
}

const stageOf = (app: CouncilApplication, name: WorkflowStage['stageName']) =>
  app.workflowStages.find((s) => s.stageName === name);
/** A stage the council has begun (the portal shows every stage NotStarted until the council sets it). */
const started = (app: CouncilApplication, name: WorkflowStage['stageName']) => {
  const stage = stageOf(app, name);
  return stage !== undefined && stage.stageStatus !== 'NotStarted';
};

/** The consent number the automatic council gives: `<AUTHORITY>-BC-<year lodged>-<application id>`. */
export function autoConsentNumber(
  app: Pick<CouncilApplication, 'id' | 'authorityId' | 'submissionDate' | 'modifiedDate'>,
): string {
  const year = new Date(app.submissionDate ?? app.modifiedDate).getUTCFullYear();
  return `${app.authorityId.toUpperCase()}-BC-${year}-${app.id}`;
}

/**
 * The next step for an application, or undefined (nothing to do yet, or ever: suspended, decided,
 * closed). Pure: the state the API answered and the time.
 */
export function nextAutoStep(
  app: CouncilApplication,
  now: Date,
  stepMs: number,
  rfi?: AutoRfiFacts,
  payments?: AutoPaymentFacts,
): AutoStep | undefined {
  if (Date.parse(app.modifiedDate) + stepMs > now.getTime()) return undefined;
  if (app.status === 'Submitted') return { kind: 'accept' };
  const paymentStep = payments && nextAutoPaymentStep(app, payments);
  if (paymentStep) return paymentStep;
  if (app.status !== 'InProgress') return undefined;
  if (!app.consentNumber) {
    if (rfi) {
      // The applicant's submitted answers are signed off; an open round waits for the applicant.
      const submitted = rfi.points.filter((p) => rfiPointState(p) === 'Submitted');
      if (submitted.length > 0) return { kind: 'signOffRfi', rfiPointIds: submitted.map((p) => p.id) };
      if (rfi.points.some((p) => isOpenState(rfiPointState(p)))) return undefined;
    }
    if (!started(app, 'Assessment')) return { kind: 'startAssessment' };
    if (rfi?.raise && !rfi.points.some((p) => p.type === 'Consent' && p.team === AUTO_RFI_TEAM))
      return { kind: 'raiseRfi' };
    const elapsed = stageOf(app, 'Assessment')?.progress?.elapsedNum ?? 0;
    if (elapsed < AUTO_ASSESSMENT_DAYS)
      return { kind: 'assess', elapsed: Math.min(AUTO_ASSESSMENT_DAYS, elapsed + ASSESSMENT_STEP_DAYS) };
    return { kind: 'grant', consentNumber: autoConsentNumber(app) };
  }
  if (!started(app, 'Inspections')) return { kind: 'startInspections' };
  return undefined;
}

const lodgementStage = (date: string): WorkflowStage => ({
  stageDisplayName: 'Lodgement',
  stageName: 'Lodgement',
  stageStatus: 'Completed',
  stageType: 'Steps',
  items: [{ date, status: 'Completed', displayName: 'Lodgement Accepted' }],
});
const assessmentStage = (start: string, elapsed: number, end?: string): WorkflowStage => ({
  stageDisplayName: 'Assessment',
  stageName: 'Assessment',
  stageStatus: end ? 'Completed' : 'Started',
  // Steps with a progress count reads '(10/20 Completed)' (docs/council-api.md); Numbers would read 'Assessment Passed'.
  stageType: 'Steps',
  progress: {
    elapsedNum: elapsed,
    suspendedNum: 0,
    totalNum: AUTO_ASSESSMENT_DAYS,
    startDate: start,
    ...(end ? { endDate: end } : {}),
    status: end ? 'Completed' : 'Processing',
  },
  items: [],
});

/** The inspections a new house needs, at one location, none booked yet. */
export function autoInspections(): RequiredInspection[] {
  const types = ['Foundations', 'Pre-slab', 'Framing', 'Pre-line', 'Final'];
  return [
    {
      location: 'Dwelling',
      inspectionTypes: types.map((name, i) => ({
        inspectionTypeId: `auto-${i + 1}`,
        name,
        status: 'NotStarted',
        inspectionsRequired: 1,
        sequence: i + 1,
        history: [],
      })),
    },
  ];
}

type AuthorityFacts = { name?: string; website?: string; paymentsEnabled?: boolean };
let authorities: Map<string, AuthorityFacts> | undefined;
/** The authority as the reference data has it; read once. */
function authorityFacts(authorityId: string): AuthorityFacts | undefined {
  if (!authorities) {
    const file = path.resolve(import.meta.dirname, '../../shared/reference/authorities.json');
    const all = JSON.parse(readFileSync(file, 'utf8')) as ({ id: string } & AuthorityFacts)[];
    authorities = new Map(all.map((a) => [a.id, a]));
  }
  return authorities.get(authorityId);
}
/** The authority's own website from the reference data (the booking page of its inspections). */
export const authorityWebsite = (authorityId: string): string | undefined =>
  authorityFacts(authorityId)?.website;
/** Whether the authority takes payments through the portal (its invoices can be issued). */
export const authorityTakesPayments = (authorityId: string): boolean =>
  authorityFacts(authorityId)?.paymentsEnabled === true;

/** Carries out one step: the writes it takes, each with its derived Idempotency-Key. */
export async function applyAutoStep(
  council: CouncilApiClient,
  app: CouncilApplication,
  step: AutoStep,
  bookingUrl?: string,
): Promise<CouncilApplication> {
  const key = (what: string) => ({ idempotencyKey: `auto:${app.id}:${what}:${app.modifiedDate}` });
  // The step follows the last change: the acceptance (stages after it), the grant (inspections).
  const today = app.modifiedDate;
  const assessmentStart = stageOf(app, 'Assessment')?.progress?.startDate ?? today;
  switch (step.kind) {
    case 'accept': {
      const accepted = await council.acceptLodgement(app.id, undefined, key('accept'));
      if (!authorityTakesPayments(app.authorityId)) return accepted;
      await issueAutoInvoice(council, accepted);
      return council.application(app.id);
    }
    case 'invoice':
      // The acceptance's invoice, had it not been issued (a restart between the two, a person's acceptance).
      await issueAutoInvoice(council, app);
      return council.application(app.id);
    case 'confirmDeposit':
      await confirmAutoDeposits(council, app.id, step.claims);
      return council.application(app.id);
    case 'startAssessment': {
      const stages = withStage(
        withStage(app.workflowStages, lodgementStage(today)),
        assessmentStage(today, 0),
      );
      return council.workflowStages(app.id, { workflowStages: stages }, key('assessment'));
    }
    case 'assess': {
      const stages = withStage(app.workflowStages, assessmentStage(assessmentStart, step.elapsed));
      return council.workflowStages(app.id, { workflowStages: stages }, key(`assess-${step.elapsed}`));
    }
    case 'grant': {
      const granted = await council.grant(app.id, step.consentNumber, key('grant'));
      // The consent and its conditions, as a council sends them with the grant (a real small PDF each).
      await issueDocuments(
        council,
        {
          id: app.id,
          consentNumber: step.consentNumber,
          authorityName: authorityFacts(app.authorityId)?.name ?? app.authorityId,
          date: (granted.modifiedDate ?? today).slice(0, 10),
        },
        ['Building consent', 'Consent conditions'],
        `auto:${app.id}:issued`,
      );
      return council.application(app.id);
    }
    case 'raiseRfi':
      // Round 1 named: a retry with another key is refused (409) rather than raising a second round.
      await council.raiseRfiRound(app.id, autoRfiRound(app.authorityId), key('rfi-raise'));
      return council.application(app.id);
    case 'signOffRfi':
      // One key per point: a point is signed off once, whatever snapshot the retry starts from.
      for (const pointId of step.rfiPointIds)
        await council.signOffRfiPoint(
          app.id,
          pointId,
          { status: 'RESOLVED' },
          { idempotencyKey: `auto:${app.id}:rfi-signoff:${pointId}` },
        );
      return council.application(app.id);
    case 'startInspections': {
      const stages = withStage(
        withStage(app.workflowStages, assessmentStage(assessmentStart, AUTO_ASSESSMENT_DAYS, today)),
        {
          stageDisplayName: 'Inspections',
          stageName: 'Inspections',
          stageStatus: 'Started',
          stageType: 'Steps',
          items: [{ date: today, status: 'Started', displayName: 'Consent Issued' }],
        },
      );
      const staged = await council.workflowStages(app.id, { workflowStages: stages }, key('inspections'));
      return council.requiredInspections(
        app.id,
        { requiredInspections: autoInspections(), ...(bookingUrl ? { bookingUrl } : {}) },
        { idempotencyKey: `auto:${app.id}:required-inspections:${staged.modifiedDate}` },
      );
    }
  }
}

export interface AutoCouncilOptions {
  council: CouncilApiClient;
  /** The authority whose credentials the client holds (for its booking page). */
  authorityId: string;
  /** Pause between two steps on one application (default 30 s). */
  stepMs?: number;
  /** How often to look (default a fifth of `stepMs`, at least 1 s). */
  intervalMs?: number;
  /** Only these applications (tests share a stack with others). */
  select?: (applicationId: string) => boolean;
  /** Which applications get an RFI round (default {@link autoRaisesRfi}). */
  raisesRfi?: (app: CouncilApplication) => boolean;
  /**
   * How many applications a tick looks at side by side (default {@link AUTO_CONCURRENCY}). One
   * application's reads and its step still run in turn.
   */
  concurrency?: number;
  now?: () => Date;
  log?: (line: string) => void;
}

/**
 * How many applications a tick looks at side by side. A back office with hundreds of open
 * lodgements reads each one whole (the application, its RFI points, its invoices): one at a time, a
 * tick took minutes and every application waited that long for its next step (docs/reliability.md).
 */
export const AUTO_CONCURRENCY = 4;

/**
 * One look at the council's open applications (Submitted, InProgress and VRFISuspended, every page)
 * and the step each is due for, a few applications at a time ({@link AutoCouncilOptions.concurrency}).
 * Answers the steps taken. A refusal (409: someone else moved it first) is logged and the application
 * is looked at again next time.
 */
export async function autoCouncilTick(
  opts: AutoCouncilOptions,
): Promise<{ id: string; step: AutoStep['kind'] }[]> {
  const now = opts.now ?? (() => new Date());
  const stepMs = opts.stepMs ?? AUTO_STEP_MS;
  const bookingUrl = authorityWebsite(opts.authorityId);
  const taken: { id: string; step: AutoStep['kind'] }[] = [];
  const look = async (id: string) => {
    const app = await opts.council.application(id);
    // Before the decision the points say what comes next (an open round waits, a submitted one is signed off).
    const rfi =
      app.status === 'InProgress' && !app.consentNumber
        ? {
            raise: (opts.raisesRfi ?? autoRaisesRfi)(app),
            points: (await opts.council.rfiPoints(app.id)).rfiPoints,
          }
        : undefined;
    // Its invoices say whether a deposit waits or the lodgement fee is still to issue.
    const payments =
      app.status !== 'Submitted' && authorityTakesPayments(app.authorityId)
        ? { takesPayments: true, payments: await opts.council.payments(app.id) }
        : undefined;
    const step = nextAutoStep(app, now(), stepMs, rfi, payments);
    if (!step) return;
    try {
      await applyAutoStep(opts.council, app, step, bookingUrl);
      taken.push({ id: app.id, step: step.kind });
      opts.log?.(`auto council ${opts.authorityId}: ${app.id} ${step.kind}`);
    } catch (e) {
      if (!(e instanceof CouncilApiError)) throw e;
      opts.log?.(`auto council ${opts.authorityId}: ${app.id} ${step.kind} refused: ${e.message}`);
    }
  };
  let cursor: string | undefined;
  do {
    const page = await opts.council.applications({
      status: ['Submitted', 'InProgress', 'VRFISuspended'],
      ...(cursor ? { cursor } : {}),
    });
    const due = page.applications
      .filter((summary) => !opts.select || opts.select(summary.id))
      // Not due yet (the list says when it last changed): no need to read it whole.
      .filter((summary) => Date.parse(summary.modifiedDate) + stepMs <= now().getTime())
      .map((summary) => summary.id);
    await inTurns(due, opts.concurrency ?? AUTO_CONCURRENCY, look);
    cursor = page.nextCursor;
  } while (cursor);
  return taken;
}

/**
 * Runs {@link autoCouncilTick} on an interval until stopped; a tick still running skips the next. A
 * council whose credentials are refused (revoked) stops with one line.
 */
export function startAutoCouncil(opts: AutoCouncilOptions): { stop: () => Promise<void> } {
  const intervalMs = opts.intervalMs ?? Math.max(1000, Math.floor((opts.stepMs ?? AUTO_STEP_MS) / 5));
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = autoCouncilTick(opts)
      .catch((e: unknown) => {
        // Credentials refused (a revoked council): say so once and stop, rather than every tick.
        if (e instanceof CouncilApiError && (e.status === 401 || e.status === 400 || e.status === 403)) {
          clearInterval(timer);
          opts.log?.(
            `auto council ${opts.authorityId}: stopped, its credentials were refused (${e.message})`,
          );
          return;
        }
        opts.log?.(`auto council ${opts.authorityId}: ${String(e)}`);
      })
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

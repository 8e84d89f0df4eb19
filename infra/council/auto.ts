/**
 * The automatic council (`npm start -- --council=auto`; issue 17 item 2, docs/council-api.md §6):
 * a council's back office that needs no hand. Through the council API with the council's own
 * credentials (the typed client, as the simulator), it accepts each lodgement, sets the workflow
 * stages, moves the assessment on, grants the consent with a number, and opens the inspections.
 *
 * What to do next is read from the application as the API answers it (status, stages, consent
 * number), never kept in memory: a restarted stack carries on where it was, and a person using the
 * simulator at the same time only moves it on. Each step waits `stepMs` after the application's last
 * change. Each write's Idempotency-Key is made of the application, the step and the change it
 * follows, and its body only of the application as read (a stage's date is the change it follows:
 * the acceptance, the grant), so a retried tick replays instead of changing anything twice.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CouncilApplication } from '../../shared/schemas/council.js';
import type { RequiredInspection, WorkflowStage } from '../../shared/schemas/applications.js';
import { CouncilApiError, type CouncilApiClient } from './client.js';
import { withStage } from './commands/values.js';

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
  | { kind: 'startInspections' };

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
export function nextAutoStep(app: CouncilApplication, now: Date, stepMs: number): AutoStep | undefined {
  if (Date.parse(app.modifiedDate) + stepMs > now.getTime()) return undefined;
  if (app.status === 'Submitted') return { kind: 'accept' };
  if (app.status !== 'InProgress') return undefined;
  if (!app.consentNumber) {
    if (!started(app, 'Assessment')) return { kind: 'startAssessment' };
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
  // Steps with a progress count reads '(10/20 Completed)' (portal-core §4); Numbers would read 'Assessment Passed'.
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

let websites: Map<string, string | undefined> | undefined;
/** The authority's own website from the reference data (the booking page of its inspections); read once. */
export function authorityWebsite(authorityId: string): string | undefined {
  if (!websites) {
    const file = path.resolve(import.meta.dirname, '../../shared/reference/authorities.json');
    const all = JSON.parse(readFileSync(file, 'utf8')) as { id: string; website?: string }[];
    websites = new Map(all.map((a) => [a.id, a.website]));
  }
  return websites.get(authorityId);
}

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
    case 'accept':
      return council.acceptLodgement(app.id, undefined, key('accept'));
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
    case 'grant':
      return council.grant(app.id, step.consentNumber, key('grant'));
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
  now?: () => Date;
  log?: (line: string) => void;
}

/**
 * One look at the council's open applications (Submitted and InProgress, every page) and the step
 * each is due for. Answers the steps taken. A refusal (409: someone else moved it first) is logged
 * and the application is looked at again next time.
 */
export async function autoCouncilTick(
  opts: AutoCouncilOptions,
): Promise<{ id: string; step: AutoStep['kind'] }[]> {
  const now = opts.now ?? (() => new Date());
  const stepMs = opts.stepMs ?? AUTO_STEP_MS;
  const bookingUrl = authorityWebsite(opts.authorityId);
  const taken: { id: string; step: AutoStep['kind'] }[] = [];
  let cursor: string | undefined;
  do {
    const page = await opts.council.applications({
      status: ['Submitted', 'InProgress'],
      ...(cursor ? { cursor } : {}),
    });
    for (const summary of page.applications) {
      if (opts.select && !opts.select(summary.id)) continue;
      // Not due yet (the list says when it last changed): no need to read it whole.
      if (Date.parse(summary.modifiedDate) + stepMs > now().getTime()) continue;
      const app = await opts.council.application(summary.id);
      const step = nextAutoStep(app, now(), stepMs);
      if (!step) continue;
      try {
        await applyAutoStep(opts.council, app, step, bookingUrl);
        taken.push({ id: app.id, step: step.kind });
        opts.log?.(`auto council ${opts.authorityId}: ${app.id} ${step.kind}`);
      } catch (e) {
        if (!(e instanceof CouncilApiError)) throw e;
        opts.log?.(`auto council ${opts.authorityId}: ${app.id} ${step.kind} refused: ${e.message}`);
      }
    }
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

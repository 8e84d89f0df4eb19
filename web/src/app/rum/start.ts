/**
 * Browser error reporting, started after the page is interactive (app/rum/schedule.ts) and only
 * when config.json names a RUM app monitor (docs/browser-errors.md). Nothing is downloaded or sent
 * while a page load goes well: the first error of a page load rolls the dice once, with the spec's
 * "error replay sample rate 0.3 on error"; a sampled load then downloads the RUM client
 * (app/rum/recorder.ts), which gets that first error and every later one.
 */
import { setApiFailureListener, type ApiFailure } from '../../api/client';
import { ACCESS_REQUEST_CODES } from '../../api/errors';
import { loadConfigOnce } from '../../lib/config';
import type { Recorder, Report } from './report';
import { parseRumConfig, sampledOnError, type RumConfig } from './settings';

export type { Recorder, Report };

export type ReporterState = 'waiting' | 'off' | 'loading' | 'on';

export interface ReporterDeps {
  /** Math.random: below errorSampleRate, the page load is reported. */
  random: () => number;
  /** Downloads the RUM client (a dynamic import of app/rum/recorder.ts). */
  load: (rum: RumConfig) => Promise<Recorder>;
  /** Where the browser is when the report is made. */
  pathname: () => string;
}

/** Reports kept while the RUM client downloads (a burst of errors is cut here). */
const MAX_QUEUED = 50;

/**
 * Decides once per page load, on its first report: a sampled load downloads the recorder and hands
 * it every report (those made while it downloaded first); an unsampled one stays silent.
 */
export function createReporter(rum: RumConfig, deps: ReporterDeps) {
  let state: ReporterState = 'waiting';
  let recorder: Recorder | undefined;
  const queue: [Report, string][] = [];
  return {
    get state(): ReporterState {
      return state;
    },
    report(report: Report): void {
      if (state === 'off') return;
      const at = deps.pathname();
      if (state === 'waiting') {
        if (!sampledOnError(rum, deps.random)) {
          state = 'off';
          return;
        }
        state = 'loading';
        deps.load(rum).then(
          (loaded) => {
            recorder = loaded;
            state = 'on';
            for (const [queued, where] of queue.splice(0)) loaded.record(queued, where);
          },
          () => {
            // The client did not download (offline, a new release): this page load stays silent.
            state = 'off';
            queue.length = 0;
          },
        );
      }
      if (state === 'on' && recorder) recorder.record(report, at);
      else if (queue.length < MAX_QUEUED) queue.push([report, at]);
    },
  };
}

export type Reporter = ReturnType<typeof createReporter>;

/**
 * A failed API call: an http report, and for the three access-request codes (docs/browser-errors.md: "reported
 * to analytics and rethrown") their own event, code only.
 */
export function reportsOf(failure: ApiFailure): Report[] {
  const reports: Report[] = [
    { kind: 'http', method: failure.method, path: failure.path, status: failure.status },
  ];
  if ((ACCESS_REQUEST_CODES as readonly string[]).includes(failure.code))
    reports.push({ kind: 'access-request', code: failure.code });
  return reports;
}

export interface StartDeps extends Partial<ReporterDeps> {
  config?: () => Promise<{ rum?: unknown }>;
  target?: Pick<Window, 'addEventListener'>;
}

/**
 * Starts listening when config.json has `rum`; returns the reporter, or undefined when reporting is
 * off (no app monitor configured: the local stack unless asked, a stage deployed with `-c rum=false`).
 */
export async function startBrowserErrors(deps: StartDeps = {}): Promise<Reporter | undefined> {
  const config = await (deps.config ?? loadConfigOnce)().catch(() => undefined);
  const rum = parseRumConfig(config?.rum);
  if (!rum) return undefined;
  const reporter = createReporter(rum, {
    random: deps.random ?? Math.random,
    load: deps.load ?? (async (r) => (await import('./recorder')).createRecorder(r)),
    pathname: deps.pathname ?? (() => window.location.pathname),
  });
  const target = deps.target ?? window;
  target.addEventListener('error', (event: ErrorEvent) =>
    reporter.report({ kind: 'error', error: event.error ?? event.message }),
  );
  target.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) =>
    reporter.report({ kind: 'error', error: event.reason }),
  );
  setApiFailureListener((failure) => {
    for (const report of reportsOf(failure)) reporter.report(report);
  });
  return reporter;
}

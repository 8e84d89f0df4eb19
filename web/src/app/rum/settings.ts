/**
 * Whether and how browser errors are reported (docs/browser-errors.md): config.json's `rum`, written
 * by the Web stack when the stage has an app monitor (context `rum`, on by default in AWS) and by the
 * local stack only when asked (CONSENT_PORTAL_LOCAL_RUM). Pure, unit-tested in Node.
 */

/** The Web stack's RUM app monitor and its guest identity pool (docs/browser-errors.md). */
export interface RumConfig {
  appMonitorId: string;
  identityPoolId: string;
  region: string;
  /** The share of page loads with an error that are reported (the spec's 0.3 "on error"). */
  errorSampleRate: number;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/** config.json's `rum`, or undefined (off) when absent or incomplete: it never stops the app. */
export function parseRumConfig(raw: unknown): RumConfig | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const r = raw as Record<string, unknown>;
  const appMonitorId = text(r.appMonitorId);
  const identityPoolId = text(r.identityPoolId);
  const region = text(r.region);
  const rate = r.errorSampleRate;
  if (!appMonitorId || !identityPoolId || !region) return undefined;
  if (typeof rate !== 'number' || !(rate >= 0 && rate <= 1)) return undefined;
  return { appMonitorId, identityPoolId, region, errorSampleRate: rate };
}

/** The dice of a page load's first error: reported when `random` falls below the rate (0.3: 30 %). */
export function sampledOnError(rum: RumConfig, random: () => number = Math.random): boolean {
  return random() < rum.errorSampleRate;
}

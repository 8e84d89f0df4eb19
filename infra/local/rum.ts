import type { RumRuntimeConfig } from '../constructs/browser-errors.js';

/**
 * Browser error reporting on the local stack (docs/browser-errors.md): off unless asked with
 * CONSENT_PORTAL_LOCAL_RUM, the JSON of a real app monitor's `rum` block (a dev stage's
 * config.json: `{"appMonitorId":"…","identityPoolId":"…","region":"…"}`, errorSampleRate 0.3 when
 * left out). There is no RUM stand-in: the reports go to that monitor in AWS.
 */
export function localRumConfig(env: NodeJS.ProcessEnv = process.env): RumRuntimeConfig | undefined {
  const raw = env.CONSENT_PORTAL_LOCAL_RUM?.trim();
  if (!raw) return undefined;
  const fail = () =>
    new Error(
      'CONSENT_PORTAL_LOCAL_RUM: expected {"appMonitorId":"…","identityPoolId":"…","region":"…","errorSampleRate":0.3}',
    );
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    throw fail();
  }
  const { appMonitorId, identityPoolId, region, errorSampleRate = 0.3 } = value ?? {};
  if (
    typeof appMonitorId !== 'string' ||
    typeof identityPoolId !== 'string' ||
    typeof region !== 'string' ||
    !/^[a-z]{2}(-[a-z]+)+-\d$/.test(region) ||
    typeof errorSampleRate !== 'number' ||
    !(errorSampleRate >= 0 && errorSampleRate <= 1)
  )
    throw fail();
  return { appMonitorId, identityPoolId, region, errorSampleRate };
}

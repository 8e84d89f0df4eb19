import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { councilsOf, onboardCouncil, RevokedError, type CouncilTarget } from '../council/operator';
import type { LocalCognito } from './cognito';
import type { Log } from './util';

/** The operator's target on the local stack: the proxy's council pool, hand-over files in `dir`. */
export function localCouncilTarget(opts: {
  cognitoEndpoint: string;
  councilUserPoolId: string;
  tokenUrl: string;
  region: string;
  apiUrl: string;
  dir: string;
}): CouncilTarget {
  return {
    cognito: new CognitoIdentityProviderClient({
      endpoint: opts.cognitoEndpoint,
      region: opts.region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
    councilUserPoolId: opts.councilUserPoolId,
    tokenUrl: opts.tokenUrl,
    apiUrl: opts.apiUrl,
    localDir: opts.dir,
  };
}

/**
 * Onboards infra/councils.json's `local` authorities at every start (idempotent: an onboarded one
 * keeps its client and secret; a revoked one stays revoked until `npm run council -- onboard`).
 */
export async function onboardLocalCouncils(opts: {
  cognito: LocalCognito;
  region: string;
  apiUrl: string;
  dir: string;
  log: Log;
}): Promise<number> {
  const t0 = Date.now();
  const target = localCouncilTarget({
    cognitoEndpoint: opts.cognito.endpoint,
    councilUserPoolId: opts.cognito.councilUserPoolId,
    tokenUrl: opts.cognito.councilTokenUrl,
    region: opts.region,
    apiUrl: opts.apiUrl,
    dir: opts.dir,
  });
  for (const authorityId of councilsOf('local')) {
    try {
      await onboardCouncil(target, authorityId, { keepRevoked: true });
    } catch (err) {
      if (err instanceof RevokedError) continue;
      opts.log(`onboarding council ${authorityId} failed: ${String((err as Error)?.stack ?? err)}`);
    }
  }
  return Date.now() - t0;
}

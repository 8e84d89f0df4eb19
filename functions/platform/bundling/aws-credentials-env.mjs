/**
 * The AWS SDK's default credential provider in the Lambda bundles (esbuild `alias` of
 * `@aws-sdk/credential-provider-node`, infra/constructs/portal-function.ts `bundleAliases`):
 * credentials from the environment only. Lambda puts the execution role's credentials there
 * (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN), the first link of the SDK's own
 * chain, so the rest of that chain (profiles, SSO, web identity, process, container and instance
 * metadata) and the STS, SSO and SSO-OIDC clients it brings were bytes every function compiled at
 * each cold start and never ran (docs/performance.md "Lambda bundles and module init"). Code run
 * from source (the local stack, tests, scripts) keeps the SDK's full chain.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';

/** What the SDK's clients call (`credentialDefaultProvider`): the environment's credentials. */
export const defaultProvider = (init = {}) => fromEnv(init);

/** The rest of @aws-sdk/credential-provider-node's face, as it defines them. */
export const credentialsWillNeedRefresh = (credentials) => credentials?.expiration !== undefined;
export const credentialsTreatedAsExpired = (credentials) =>
  credentials?.expiration !== undefined && credentials.expiration.getTime() - Date.now() < 300000;

/**
 * The operator's council commands (docs/council-api.md §1): onboard an authority (its council pool
 * app client, the `councilClient` row, the authority `serviceable`), hand over its credentials,
 * rotate and retire its secret, revoke it, list the councils. `bin/council.ts` is the command line;
 * the local stack onboards infra/councils.json's `local` list at every start with the same code.
 *
 * Locally onboarding also creates the app client (there is no deploy) and writes the hand-over to
 * `<dir>/<authority>.json`; in AWS CDK made the client (infra/councils.json per stage) and onboarding
 * finds it by its name.
 */
import { mkdirSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  AddUserPoolClientSecretCommand,
  CreateUserPoolClientCommand,
  DeleteUserPoolClientSecretCommand,
  DescribeUserPoolClientCommand,
  ListUserPoolClientsCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { councilScopes, scopeClaim } from '../../shared/schemas/council';
import { COUNCIL_ACCESS_TOKEN_MINUTES, councilClientName } from './councils';
import { councilBucketKey } from '../../functions/platform/token-bucket';

export { councilClientName, councilsOf } from './councils';

/** Where the commands act: the council pool, its token URL, the API, and (locally) the hand-over folder. */
export interface CouncilTarget {
  cognito: CognitoIdentityProviderClient;
  councilUserPoolId: string;
  tokenUrl: string;
  apiUrl: string;
  /** Local stack: onboarding creates the app client and writes `<localDir>/<authority>.json`. */
  localDir?: string;
}

/** What a council is handed over (and what the local stack writes per onboarded authority). */
export interface CouncilCredentials {
  authorityId: string;
  clientId: string;
  clientSecret: string;
  tokenUrl: string;
  apiUrl: string;
}

/** The table's entities, imported once TABLE_NAME (and locally the endpoint) is set. */
const data = async () => (await import('../../functions/platform/data/service.js')).service;
/**
 * The authority's `serviceable` as the reference data shows it: written again with the
 * jurisdiction's etag refreshed, so GET /public/authorities changes within its cache time.
 */
const publishServiceable = async (authorityId: string, serviceable: boolean) =>
  (await import('../../functions/reference/repository/loader.js')).setAuthorityServiceable(
    authorityId,
    serviceable,
  );

async function findAppClient(t: CouncilTarget, authorityId: string) {
  const name = councilClientName(authorityId);
  let NextToken: string | undefined;
  do {
    const page = await t.cognito.send(
      new ListUserPoolClientsCommand({ UserPoolId: t.councilUserPoolId, MaxResults: 60, NextToken }),
    );
    const hit = page.UserPoolClients?.find((c) => c.ClientName === name);
    if (hit?.ClientId) return hit.ClientId;
    NextToken = page.NextToken;
  } while (NextToken);
  return undefined;
}

async function describe(t: CouncilTarget, clientId: string) {
  const out = await t.cognito.send(
    new DescribeUserPoolClientCommand({ UserPoolId: t.councilUserPoolId, ClientId: clientId }),
  );
  return out.UserPoolClient;
}

async function createLocalClient(t: CouncilTarget, authorityId: string): Promise<string> {
  // The same parameters as CDK's addClient (infra/stacks): client credentials, the four scopes.
  const out = await t.cognito.send(
    new CreateUserPoolClientCommand({
      UserPoolId: t.councilUserPoolId,
      ClientName: councilClientName(authorityId),
      GenerateSecret: true,
      AllowedOAuthFlows: ['client_credentials'],
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthScopes: councilScopes.map(scopeClaim),
      AccessTokenValidity: COUNCIL_ACCESS_TOKEN_MINUTES,
      TokenValidityUnits: { AccessToken: 'minutes' },
    }),
  );
  return out.UserPoolClient!.ClientId!;
}

/** The authority's clients' rows, newest first. */
async function rowsOf(authorityId: string) {
  const s = await data();
  const { data: rows } = await s.entities.councilClient.query
    .byAuthority({ authorityId })
    .go({ pages: 'all' });
  return rows.reverse();
}

const activeRow = async (authorityId: string) =>
  (await rowsOf(authorityId)).find((r) => r.status === 'Active');

function writeHandOver(t: CouncilTarget, c: CouncilCredentials) {
  if (!t.localDir) return;
  mkdirSync(t.localDir, { recursive: true });
  writeFileSync(path.join(t.localDir, `${c.authorityId}.json`), JSON.stringify(c, null, 2) + '\n');
}

/**
 * Onboards an authority: its app client (locally created when absent; a revoked client is never
 * reactivated: a new one is made), its Active row and `serviceable: true`, in one transaction.
 * Idempotent: an authority already onboarded keeps its client and secret. With `keepRevoked` (the
 * local start) an authority whose client was revoked stays revoked.
 */
export async function onboardCouncil(
  t: CouncilTarget,
  authorityId: string,
  opts: { keepRevoked?: boolean; now?: Date } = {},
): Promise<CouncilCredentials & { onboarded: boolean }> {
  const s = await data();
  const { data: authority } = await s.entities.authority.get({ authorityId }).go();
  if (!authority) throw new Error(`No authority ${authorityId} in the reference data`);
  const rows = await rowsOf(authorityId);
  const active = rows.find((r) => r.status === 'Active');
  if (!active && rows.length && opts.keepRevoked) throw new RevokedError(authorityId);

  let clientId = active?.clientId ?? (await findAppClient(t, authorityId));
  const revoked =
    clientId !== undefined && rows.some((r) => r.clientId === clientId && r.status === 'Revoked');
  if (revoked || clientId === undefined) {
    if (!t.localDir)
      throw new Error(
        revoked
          ? `${authorityId}'s client was revoked: remove it from infra/councils.json, deploy, add it back, deploy`
          : `${authorityId} has no council app client: add it to infra/councils.json and deploy first`,
      );
    clientId = await createLocalClient(t, authorityId);
  }
  const onboarded = !active || !authority.serviceable;
  if (onboarded) {
    const now = (opts.now ?? new Date()).toISOString();
    const id = clientId;
    await s.transaction
      .write((e) => [
        e.councilClient
          .put({ clientId: id, authorityId, status: 'Active', onboardedAt: active?.onboardedAt ?? now })
          .commit(),
        e.authority.patch({ authorityId }).set({ serviceable: true }).commit(),
      ])
      .go();
    await publishServiceable(authorityId, true);
  }
  const creds = await councilCredentials(t, authorityId, clientId);
  return { ...creds, onboarded };
}

export class RevokedError extends Error {
  constructor(readonly authorityId: string) {
    super(`${authorityId} was revoked: onboard it again explicitly`);
  }
}

/** The hand-over of an onboarded authority (locally the newest secret, as its file keeps it). */
export async function councilCredentials(
  t: CouncilTarget,
  authorityId: string,
  clientId?: string,
): Promise<CouncilCredentials> {
  const id = clientId ?? (await activeRow(authorityId))?.clientId;
  if (!id) throw new Error(`${authorityId} is not onboarded`);
  const file = t.localDir ? path.join(t.localDir, `${authorityId}.json`) : undefined;
  if (file && existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as CouncilCredentials;
    if (saved.clientId === id) {
      const creds = { ...saved, tokenUrl: t.tokenUrl, apiUrl: t.apiUrl };
      writeHandOver(t, creds);
      return creds;
    }
  }
  const client = await describe(t, id);
  const creds = {
    authorityId,
    clientId: id,
    clientSecret: client?.ClientSecret ?? '',
    tokenUrl: t.tokenUrl,
    apiUrl: t.apiUrl,
  };
  writeHandOver(t, creds);
  return creds;
}

/** Revokes an authority: its Active rows Revoked (the next call is 401) and `serviceable: false`. */
export async function revokeCouncil(t: CouncilTarget, authorityId: string, now = new Date()) {
  const s = await data();
  const active = (await rowsOf(authorityId)).filter((r) => r.status === 'Active');
  const at = now.toISOString();
  await s.transaction
    .write((e) => [
      ...active.map((r) =>
        e.councilClient.patch({ clientId: r.clientId }).set({ status: 'Revoked', revokedAt: at }).commit(),
      ),
      e.authority.patch({ authorityId }).set({ serviceable: false }).commit(),
    ])
    .go();
  await publishServiceable(authorityId, false);
  return { authorityId, revoked: active.map((r) => r.clientId) };
}

/** A second secret for the authority's client (Cognito keeps at most two): hand it over, then retire the old. */
export async function rotateSecret(t: CouncilTarget, authorityId: string) {
  const row = await activeRow(authorityId);
  if (!row) throw new Error(`${authorityId} is not onboarded`);
  const out = await t.cognito.send(
    new AddUserPoolClientSecretCommand({ UserPoolId: t.councilUserPoolId, ClientId: row.clientId }),
  );
  const d = out.ClientSecretDescriptor!;
  const creds = {
    authorityId,
    clientId: row.clientId,
    clientSecret: d.ClientSecretValue!,
    tokenUrl: t.tokenUrl,
    apiUrl: t.apiUrl,
  };
  writeHandOver(t, creds);
  return { ...creds, clientSecretId: d.ClientSecretId! };
}

/** Deletes one of the client's secrets (the one the council no longer uses). */
export async function retireSecret(t: CouncilTarget, authorityId: string, clientSecretId: string) {
  const row = await activeRow(authorityId);
  if (!row) throw new Error(`${authorityId} is not onboarded`);
  await t.cognito.send(
    new DeleteUserPoolClientSecretCommand({
      UserPoolId: t.councilUserPoolId,
      ClientId: row.clientId,
      ClientSecretId: clientSecretId,
    }),
  );
  return { authorityId, clientId: row.clientId, retired: clientSecretId };
}

/**
 * Sets the authority's own token bucket (docs/council-api.md "Limits"): `{ perSecond, burst }`, or
 * `undefined` to go back to the stage's rule. Takes effect on the client's next call, with a full
 * bucket (the old bucket's state belonged to the old rule).
 */
export async function limitCouncil(
  authorityId: string,
  rule: { perSecond: number; burst: number } | undefined,
) {
  const row = await activeRow(authorityId);
  if (!row) throw new Error(`${authorityId} is not onboarded`);
  if (rule && (!(rule.perSecond > 0) || !Number.isInteger(rule.burst) || rule.burst < 1))
    throw new Error('limit: --per-second must be above 0 and --burst a whole number of at least 1');
  const s = await data();
  const patch = s.entities.councilClient.patch({ clientId: row.clientId });
  await (rule ? patch.set({ rateLimit: rule }) : patch.remove(['rateLimit'])).go();
  await s.entities.rateBucket.delete({ key: councilBucketKey(row.clientId) }).go();
  return { authorityId, clientId: row.clientId, rateLimit: rule ?? 'the stage default' };
}

/** Every council client row (operators' overview; a handful of items). */
export async function listCouncils() {
  const s = await data();
  const { data: rows } = await s.entities.councilClient.scan.go({ pages: 'all' });
  return rows
    .map(({ authorityId, clientId, status, onboardedAt, revokedAt, rateLimit }) => ({
      authorityId,
      clientId,
      status,
      onboardedAt,
      ...(revokedAt ? { revokedAt } : {}),
      ...(rateLimit ? { rateLimit } : {}),
    }))
    .sort((a, b) => a.authorityId.localeCompare(b.authorityId) || a.onboardedAt.localeCompare(b.onboardedAt));
}

/**
 * Council credentials on the local stack (docs/council-api.md §1): the onboarded councils'
 * hand-over, the client-credentials token endpoint of the Cognito proxy, and the council routes'
 * JWT authorizer (infra/local/council-authorizer.ts, the one the local gateway runs) on real tokens.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { defineRoute } from '../../functions/routes';
import { localCouncilAuthorizer } from '../../infra/local/council-authorizer';
import { startGateway, type LocalGateway } from '../../infra/local/gateway';
import { HandlerLoader } from '../../infra/local/handlers';
import { councilScopes, scopeClaim } from '../../shared/schemas/council';
import { signIn, cognitoCall } from '../support/cognito';
import { councilCredentials, councilToken, requestCouncilToken } from '../support/council';
import { outputsPath, readOutputs } from '../support/outputs';
import { decodeJwt } from '../support/tokens';

const o = readOutputs();
const endpoint = o.CognitoEndpoint!;
const poolId = String(o.CouncilUserPoolId);
const all = councilScopes.map(scopeClaim);

const listClientIds = async () => {
  const { json } = await cognitoCall<{ UserPoolClients: { ClientId: string }[] }>(
    endpoint,
    'ListUserPoolClients',
    {
      UserPoolId: poolId,
      MaxResults: 60,
    },
  );
  return json.UserPoolClients.map((c) => c.ClientId);
};
const authorize = localCouncilAuthorizer({
  cognitoEndpoint: endpoint,
  councilUserPoolId: poolId,
  listClientIds,
});

describe('council credentials on the local stack', () => {
  test('every authority of the local list is onboarded with a hand-over', () => {
    for (const a of ['wcc', 'akl']) {
      const c = councilCredentials(a, o);
      expect(c).toMatchObject({ authorityId: a, tokenUrl: o.CouncilTokenUrl, apiUrl: o.ApiUrl });
      expect(c.clientId).toMatch(/\S/);
      expect(c.clientSecret).toMatch(/\S/);
    }
  });

  test('a token has the claims of a Cognito client-credentials access token', async () => {
    const creds = councilCredentials('wcc', o);
    const { status, json } = await requestCouncilToken(creds);
    expect(status).toBe(200);
    expect(json).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    const { header, payload } = decodeJwt(json.access_token!);
    expect(header).toMatchObject({ alg: 'RS256', kid: 'CognitoLocal' });
    expect(payload).toMatchObject({
      iss: `${endpoint}/${poolId}`,
      sub: creds.clientId,
      client_id: creds.clientId,
      token_use: 'access',
      scope: all.join(' '),
      version: 2,
    });
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect(payload.jti).toMatch(/\S/);
    expect(payload.aud).toBeUndefined();
  });

  test('client authentication in the body works as Basic does', async () => {
    const creds = councilCredentials('akl', o);
    const res = await fetch(creds.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: creds.clientId,
        client_secret: creds.clientSecret,
        scope: scopeClaim('events.read'),
      }),
    });
    expect(res.status).toBe(200);
    const json = (await res.json()) as { access_token: string };
    expect(decodeJwt(json.access_token).payload.scope).toBe('council-api/events.read');
  });

  test('refusals are Cognito’s: invalid_client, invalid_scope, unsupported_grant_type', async () => {
    const creds = councilCredentials('wcc', o);
    const other = councilCredentials('akl', o);
    expect((await requestCouncilToken({ ...creds, clientSecret: 'wrong' })).json).toEqual({
      error: 'invalid_client',
    });
    expect((await requestCouncilToken({ ...creds, clientSecret: other.clientSecret })).json).toEqual({
      error: 'invalid_client',
    });
    expect((await requestCouncilToken({ ...creds, clientId: 'nosuchclient' })).status).toBe(400);
    const badScope = await requestCouncilToken(creds, 'council-api/applications.delete');
    expect(badScope).toEqual({ status: 400, json: { error: 'invalid_scope' } });
    const res = await fetch(creds.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: 'x', password: 'y' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  test('the authorizer passes a council token with its claims and scopes, and refuses the rest', async () => {
    const creds = councilCredentials('wcc', o);
    const token = await councilToken('wcc', ['applications.read'], o);
    const ok = await authorize(`Bearer ${token}`, scopeClaim('applications.read'));
    expect(ok).toMatchObject({
      ok: true,
      scopes: ['council-api/applications.read'],
      claims: { client_id: creds.clientId, token_use: 'access', scope: 'council-api/applications.read' },
    });
    expect(await authorize(`Bearer ${token}`, scopeClaim('applications.write'))).toMatchObject({
      ok: false,
      status: 403,
    });
    const demo = o.DemoUsers[0]!;
    const user = await signIn(demo.email, demo.password, o);
    for (const bad of [undefined, `Bearer ${user.IdToken}`, `Bearer ${user.AccessToken}`, 'Bearer x.y.z']) {
      expect(await authorize(bad, scopeClaim('applications.read'))).toMatchObject({ ok: false, status: 401 });
    }
  });
});

/**
 * The local gateway with a council route (B1's rows are not in functions/routes.ts yet): a probe
 * Lambda that answers the authorizer context it was given.
 */
describe('the local gateway on a council route', () => {
  let gateway: LocalGateway;
  let dir: string;
  const probe = defineRoute('GET', '/council/probe', 'council', {
    caller: 'council',
    scope: 'events.read',
  } as never);

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'council-gw-'));
    mkdirSync(path.join(dir, 'council'));
    writeFileSync(
      path.join(dir, 'council', 'handler.js'),
      'export const handler = async (e) => ({ statusCode: 200, body: JSON.stringify(e.requestContext.authorizer) });\n',
    );
    gateway = await startGateway({
      // Any free port: a fixed offset met 4190, which fetch refuses ("bad port", the Fetch standard's list).
      port: 0,
      corsOrigins: [],
      cognitoEndpoint: endpoint,
      userPoolId: o.UserPoolId,
      clientId: o.UserPoolClientId,
      council: { userPoolId: poolId, listClientIds },
      routes: [probe],
      handlers: new HandlerLoader(dir),
      log: () => undefined,
    });
  });
  afterAll(async () => {
    await gateway?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const call = (authorization?: string) =>
    fetch(`${gateway.url}/council/probe`, { headers: authorization ? { authorization } : {} });

  test('a council token with the route’s scope reaches the Lambda with the claims in the event', async () => {
    const creds = councilCredentials('wcc', o);
    const res = await call(`Bearer ${await councilToken('wcc', ['events.read'], o)}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      jwt: {
        claims: {
          client_id: creds.clientId,
          sub: creds.clientId,
          token_use: 'access',
          scope: 'council-api/events.read',
        },
        scopes: ['council-api/events.read'],
      },
    });
  });

  test('without the scope 403; no token, a user token or a bad one 401 with the Bearer challenge', async () => {
    const noScope = await call(`Bearer ${await councilToken('wcc', ['applications.read'], o)}`);
    expect(noScope.status).toBe(403);
    expect(await noScope.json()).toEqual({ message: 'Forbidden' });
    const demo = o.DemoUsers[0]!;
    const user = await signIn(demo.email, demo.password, o);
    const none = await call();
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    for (const bad of [`Bearer ${user.IdToken}`, `Bearer ${user.AccessToken}`, 'Bearer a.b.c']) {
      const res = await call(bad);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
      expect(await res.json()).toEqual({ message: 'Unauthorized' });
    }
  });
});

/** The operator's rotation and revocation against the local Cognito proxy and table. */
describe('rotating and revoking a council’s credentials', () => {
  test('rotate → both secrets work → retire the old → it is invalid_client; at most two secrets', async () => {
    const { commandContext } = await import('../../infra/council/cli');
    const { rotateSecret, retireSecret } = await import('../../infra/council/operator');
    const target = commandContext(outputsPath()).target();
    const old = councilCredentials('ccc', o);
    const rotated = await rotateSecret(target, 'ccc');
    expect(rotated.clientSecret).not.toBe(old.clientSecret);
    expect(rotated.clientSecretId).toMatch(new RegExp(`^${old.clientId}--\\d+$`));
    expect(councilCredentials('ccc', o).clientSecret).toBe(rotated.clientSecret);
    expect((await requestCouncilToken(old)).status).toBe(200);
    expect((await requestCouncilToken({ ...old, clientSecret: rotated.clientSecret })).status).toBe(200);
    await expect(rotateSecret(target, 'ccc')).rejects.toThrow(/at most two/);
    const { json } = await cognitoCall<{ ClientSecrets: { ClientSecretId: string }[] }>(
      endpoint,
      'ListUserPoolClientSecrets',
      { UserPoolId: poolId, ClientId: old.clientId },
    );
    const original = json.ClientSecrets.find((s) => s.ClientSecretId !== rotated.clientSecretId)!;
    await retireSecret(target, 'ccc', original.ClientSecretId);
    expect(await requestCouncilToken(old)).toEqual({ status: 400, json: { error: 'invalid_client' } });
    expect((await requestCouncilToken({ ...old, clientSecret: rotated.clientSecret })).status).toBe(200);
  });

  test('revoke → the client row is Revoked and the authority not serviceable; onboarding again makes a new client', async () => {
    const { commandContext } = await import('../../infra/council/cli');
    const { listCouncils, onboardCouncil, revokeCouncil } = await import('../../infra/council/operator');
    const target = commandContext(outputsPath()).target();
    const before = councilCredentials('hcc', o);
    expect(await revokeCouncil(target, 'hcc')).toEqual({ authorityId: 'hcc', revoked: [before.clientId] });
    const { service } = await import('../../functions/platform/data/service');
    const row = await service.entities.councilClient.get({ clientId: before.clientId }).go();
    expect(row.data).toMatchObject({ authorityId: 'hcc', status: 'Revoked', revokedAt: expect.any(String) });
    const authority = await service.entities.authority.get({ authorityId: 'hcc' }).go();
    expect(authority.data?.serviceable).toBe(false);
    const again = await onboardCouncil(target, 'hcc');
    expect(again.clientId).not.toBe(before.clientId);
    expect((await service.entities.authority.get({ authorityId: 'hcc' }).go()).data?.serviceable).toBe(true);
    const rows = (await listCouncils()).filter((r) => r.authorityId === 'hcc');
    expect(rows.map((r) => r.status).sort()).toEqual(['Active', 'Revoked']);
  });
});

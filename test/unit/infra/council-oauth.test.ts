import { describe, expect, test } from 'vitest';
import {
  accessTokenSeconds,
  clientCredentialsGrant,
  type OAuthClient,
} from '../../../infra/local/cognito-oauth';

const client: OAuthClient = {
  ClientId: 'client1',
  UserPoolId: 'local_council',
  ClientSecret: 's3cret',
  AllowedOAuthFlows: ['client_credentials'],
  AllowedOAuthFlowsUserPoolClient: true,
  AllowedOAuthScopes: ['council-api/applications.read', 'council-api/events.read'],
  AccessTokenValidity: 60,
  TokenValidityUnits: { AccessToken: 'minutes' },
};
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

function grant(
  form: Record<string, string>,
  authorization?: string,
  c: OAuthClient = client,
  secrets = ['s3cret'],
) {
  const signed: Record<string, unknown>[] = [];
  return {
    signed,
    answer: clientCredentialsGrant(new URLSearchParams(form), authorization, {
      findClient: async (id) => (id === c.ClientId ? c : undefined),
      activeSecrets: () => secrets,
      sign: async (claims) => {
        signed.push(claims);
        return 'signed-token';
      },
      now: () => new Date('2026-11-26T00:00:00Z'),
    }),
  };
}

describe('the local client-credentials grant (Cognito token endpoint rules)', () => {
  test('Basic authentication, no scope asked: every allowed scope, the claims of Cognito M2M tokens', async () => {
    const { answer, signed } = grant({ grant_type: 'client_credentials' }, basic('client1', 's3cret'));
    expect(await answer).toEqual({
      status: 200,
      body: { access_token: 'signed-token', expires_in: 3600, token_type: 'Bearer' },
    });
    const iat = Date.parse('2026-11-26T00:00:00Z') / 1000;
    expect(signed[0]).toMatchObject({
      sub: 'client1',
      client_id: 'client1',
      token_use: 'access',
      scope: 'council-api/applications.read council-api/events.read',
      iat,
      exp: iat + 3600,
      version: 2,
    });
    expect(signed[0]!.jti).toEqual(expect.any(String));
  });

  test('client id and secret in the body; a subset of scopes', async () => {
    const { answer, signed } = grant({
      grant_type: 'client_credentials',
      client_id: 'client1',
      client_secret: 's3cret',
      scope: 'council-api/events.read',
    });
    expect((await answer).status).toBe(200);
    expect(signed[0]!.scope).toBe('council-api/events.read');
  });

  test('any active secret authenticates (two during a rotation)', async () => {
    const { answer } = grant({ grant_type: 'client_credentials' }, basic('client1', 'new'), client, [
      's3cret',
      'new',
    ]);
    expect((await answer).status).toBe(200);
  });

  test.each([
    ['a wrong secret', { grant_type: 'client_credentials' }, basic('client1', 'nope'), 'invalid_client'],
    ['an unknown client', { grant_type: 'client_credentials' }, basic('other', 's3cret'), 'invalid_client'],
    ['no client authentication', { grant_type: 'client_credentials' }, undefined, 'invalid_client'],
    [
      'a client id without its secret',
      { grant_type: 'client_credentials', client_id: 'client1' },
      undefined,
      'invalid_client',
    ],
    [
      'a malformed Basic header',
      { grant_type: 'client_credentials' },
      'Basic bm9jb2xvbg==',
      'invalid_client',
    ],
    [
      'a scope the client lacks',
      { grant_type: 'client_credentials', scope: 'council-api/webhooks.manage' },
      basic('client1', 's3cret'),
      'invalid_scope',
    ],
    [
      'one allowed and one unknown scope',
      { grant_type: 'client_credentials', scope: 'council-api/events.read council-api/x' },
      basic('client1', 's3cret'),
      'invalid_scope',
    ],
    ['another grant', { grant_type: 'password' }, basic('client1', 's3cret'), 'unsupported_grant_type'],
  ])('%s → 400 %s', async (_what, form, auth, error) => {
    const { answer, signed } = grant(form as Record<string, string>, auth);
    expect(await answer).toEqual({ status: 400, body: { error } });
    expect(signed).toEqual([]);
  });

  test('a client without the client_credentials flow → unauthorized_client', async () => {
    const web = { ...client, AllowedOAuthFlows: ['code'] };
    const { answer } = grant({ grant_type: 'client_credentials' }, basic('client1', 's3cret'), web);
    expect(await answer).toEqual({ status: 400, body: { error: 'unauthorized_client' } });
  });

  test('token lifetime follows AccessTokenValidity and its unit (default one hour)', () => {
    expect(accessTokenSeconds(client)).toBe(3600);
    expect(
      accessTokenSeconds({ ...client, AccessTokenValidity: 2, TokenValidityUnits: { AccessToken: 'hours' } }),
    ).toBe(7200);
    expect(accessTokenSeconds({ ClientId: 'x', UserPoolId: 'p' })).toBe(3600);
  });
});

/**
 * The caller of an event (functions/platform/caller.ts): a council is taken only from an access
 * token of the council pool's issuer (COUNCIL_ISSUER), besides the gateway's own check.
 */
import { describe, expect, test } from 'vitest';
import { councilFromEvent, type HttpEvent } from '../../../../functions/platform/caller';

const ISSUER = 'https://cognito-idp.ap-southeast-2.amazonaws.com/ap-southeast-2_council';
const eventWith = (claims: Record<string, string>): HttpEvent =>
  ({ requestContext: { authorizer: { jwt: { claims, scopes: null } } } }) as unknown as HttpEvent;
const councilClaims = {
  iss: ISSUER,
  token_use: 'access',
  client_id: 'client-wcc',
  scope: 'council-api/applications.read council-api/events.read',
};

describe('councilFromEvent', () => {
  test('an access token of the council issuer is the client with its scopes', () => {
    expect(councilFromEvent(eventWith(councilClaims), ISSUER)).toEqual({
      kind: 'council',
      clientId: 'client-wcc',
      scopes: ['applications.read', 'events.read'],
    });
  });

  test('another issuer (the web pool, a stranger) is nobody', () => {
    const webPool = 'https://cognito-idp.ap-southeast-2.amazonaws.com/ap-southeast-2_web';
    expect(councilFromEvent(eventWith({ ...councilClaims, iss: webPool }), ISSUER)).toBeUndefined();
    expect(councilFromEvent(eventWith({ ...councilClaims, iss: `${ISSUER}/` }), ISSUER)).toBeUndefined();
    const { iss: _iss, ...noIssuer } = councilClaims;
    expect(councilFromEvent(eventWith(noIssuer), ISSUER)).toBeUndefined();
  });

  test('with no council issuer configured nobody is a council', () => {
    expect(councilFromEvent(eventWith(councilClaims), undefined)).toBeUndefined();
    expect(councilFromEvent(eventWith(councilClaims), '')).toBeUndefined();
  });

  test('an id token or a token without a client is nobody', () => {
    expect(councilFromEvent(eventWith({ ...councilClaims, token_use: 'id' }), ISSUER)).toBeUndefined();
    expect(councilFromEvent(eventWith({ ...councilClaims, client_id: '' }), ISSUER)).toBeUndefined();
  });
});

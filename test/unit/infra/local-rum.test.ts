import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../../infra/csp';
import { localRumConfig } from '../../../infra/local/rum';

const monitor = {
  appMonitorId: '11111111-2222-3333-4444-555555555555',
  identityPoolId: 'ap-southeast-2:66666666-7777-8888-9999-000000000000',
  region: 'ap-southeast-2',
};

describe('browser error reporting on the local stack', () => {
  it('is off unless asked: no rum in config.json (JSON.stringify leaves undefined out)', () => {
    expect(localRumConfig({})).toBeUndefined();
    expect(localRumConfig({ CONSENT_PORTAL_LOCAL_RUM: ' ' })).toBeUndefined();
    expect(JSON.parse(JSON.stringify({ apiUrl: '/api', rum: localRumConfig({}) }))).toEqual({
      apiUrl: '/api',
    });
  });

  it('takes a real app monitor from CONSENT_PORTAL_LOCAL_RUM, with the spec’s 0.3 by default', () => {
    expect(localRumConfig({ CONSENT_PORTAL_LOCAL_RUM: JSON.stringify(monitor) })).toEqual({
      ...monitor,
      errorSampleRate: 0.3,
    });
    expect(
      localRumConfig({ CONSENT_PORTAL_LOCAL_RUM: JSON.stringify({ ...monitor, errorSampleRate: 1 }) })!
        .errorSampleRate,
    ).toBe(1);
  });

  it('refuses a malformed value with what it expects', () => {
    for (const bad of [
      '{',
      JSON.stringify({ ...monitor, region: 'nowhere' }),
      JSON.stringify({ ...monitor, errorSampleRate: 2 }),
    ])
      expect(() => localRumConfig({ CONSENT_PORTAL_LOCAL_RUM: bad })).toThrow(
        /CONSENT_PORTAL_LOCAL_RUM: expected/,
      );
  });

  it('allows RUM’s two origins in the CSP only when it is on', () => {
    const base = {
      cognitoOrigin: 'http://127.0.0.1:4604',
      uploadsOrigin: 'http://127.0.0.1:4605',
      upgradeInsecureRequests: false,
    };
    expect(contentSecurityPolicy(base)).not.toMatch(/rum|cognito-identity/);
    expect(contentSecurityPolicy({ ...base, rumRegion: 'ap-southeast-2' })).toContain(
      "connect-src 'self' http://127.0.0.1:4604 http://127.0.0.1:4605 https://cognito-identity.ap-southeast-2.amazonaws.com https://dataplane.rum.ap-southeast-2.amazonaws.com;",
    );
  });
});

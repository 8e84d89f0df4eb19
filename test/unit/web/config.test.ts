import { describe, expect, it } from 'vitest';
import { amplifyConfigFor, ConfigError, loadConfig, parseConfig } from '../../../web/src/lib/config';

const local = {
  apiUrl: '/api/',
  region: 'ap-southeast-2',
  userPoolId: 'local_abc',
  userPoolClientId: 'client1',
  cognitoEndpoint: 'http://127.0.0.1:4004',
  authFlowType: 'USER_PASSWORD_AUTH',
};

describe('runtime config', () => {
  it('parses the local config and points Amplify at the Cognito stand-in', () => {
    const config = parseConfig(local);
    expect(config.apiUrl).toBe('/api');
    expect(config.authFlowType).toBe('USER_PASSWORD_AUTH');
    expect(amplifyConfigFor(config)).toEqual({
      Auth: {
        Cognito: {
          userPoolId: 'local_abc',
          userPoolClientId: 'client1',
          userPoolEndpoint: 'http://127.0.0.1:4004',
        },
      },
    });
  });

  it('leaves the endpoint out in AWS and defaults to SRP', () => {
    const { cognitoEndpoint: _endpoint, authFlowType: _flow, ...aws } = local;
    const config = parseConfig(aws);
    expect(config.authFlowType).toBe('USER_SRP_AUTH');
    expect(amplifyConfigFor(config).Auth.Cognito).not.toHaveProperty('userPoolEndpoint');
  });

  it('keeps boolean flags and the optional support contact', () => {
    const config = parseConfig({
      ...local,
      flags: { maintenance: true, bell: 'yes' },
      support: { email: 'help@example.nz', phone: '' },
    });
    expect(config.flags).toEqual({ maintenance: true, bell: false });
    expect(config.support).toEqual({ email: 'help@example.nz', phone: undefined, website: undefined });
  });

  it.each([null, [], 'x', { ...local, userPoolId: '' }, { ...local, authFlowType: 'CUSTOM' }])(
    'rejects %j',
    (raw) => {
      expect(() => parseConfig(raw)).toThrow(ConfigError);
    },
  );

  it('loads /config.json and fails on an HTTP error', async () => {
    const ok = (async () => new Response(JSON.stringify(local))) as unknown as typeof fetch;
    await expect(loadConfig(ok)).resolves.toMatchObject({ userPoolId: 'local_abc' });
    const missing = (async () => new Response('', { status: 404 })) as unknown as typeof fetch;
    await expect(loadConfig(missing)).rejects.toThrow('HTTP 404');
  });
});

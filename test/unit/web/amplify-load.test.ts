import { beforeEach, describe, expect, it, vi } from 'vitest';

const configure = vi.fn();
vi.mock('aws-amplify', () => ({ Amplify: { configure: (c: unknown) => configure(c) } }));
vi.mock('aws-amplify/auth', () => ({ getCurrentUser: vi.fn() }));
vi.mock('aws-amplify/utils', () => ({ Hub: { listen: vi.fn(() => () => undefined) } }));

const { hasStoredSession, loadAmplifyAuth } = await import('../../../web/src/lib/amplify');
const { setConfigForTests } = await import('../../../web/src/lib/config');

function storage(keys: string[]): Pick<Storage, 'length' | 'key'> {
  return { length: keys.length, key: (i: number) => keys[i] ?? null };
}

beforeEach(() => {
  setConfigForTests({
    apiUrl: '/api',
    region: 'ap-southeast-2',
    userPoolId: 'pool',
    userPoolClientId: 'client-1',
    cognitoEndpoint: 'http://127.0.0.1:5104',
    authFlowType: 'USER_PASSWORD_AUTH',
    flags: {},
  });
});

describe('Amplify, loaded on demand', () => {
  it('is configured with the runtime config before its auth functions are handed out, once', async () => {
    const auth = await loadAmplifyAuth();
    await loadAmplifyAuth();
    expect(typeof auth.getCurrentUser).toBe('function');
    expect(configure).toHaveBeenCalledTimes(1);
    expect(configure).toHaveBeenCalledWith({
      Auth: {
        Cognito: {
          userPoolId: 'pool',
          userPoolClientId: 'client-1',
          userPoolEndpoint: 'http://127.0.0.1:5104',
        },
      },
    });
  });

  it('restores a session at start only when Amplify stored tokens for this app client', () => {
    expect(hasStoredSession('client-1', storage([]))).toBe(false);
    expect(hasStoredSession('client-1', storage(['consentPortal.announcement.muted.a']))).toBe(false);
    expect(hasStoredSession('client-1', storage(['CognitoIdentityServiceProvider.other.LastAuthUser']))).toBe(
      false,
    );
    expect(
      hasStoredSession('client-1', storage(['CognitoIdentityServiceProvider.client-1.LastAuthUser'])),
    ).toBe(true);
    expect(
      hasStoredSession(
        'client-1',
        storage(['x', 'CognitoIdentityServiceProvider.client-1.ab12.refreshToken']),
      ),
    ).toBe(true);
  });
});

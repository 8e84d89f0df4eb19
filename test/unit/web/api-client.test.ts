import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvitationLookupResponse, RegistrationResponse } from '../../../shared/schemas/accounts';
import { TEST_CONFIG } from './config-support';

const fetchAuthSession = vi.fn();
vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: () => fetchAuthSession() }));

const { apiRequest, setUnauthorizedHandler } = await import('../../../web/src/api/client');
const { changePassword } = await import('../../../web/src/api/user');
const { lookupInvitation, registerInvited } = await import('../../../web/src/api/accounts');
const { setConfigForTests } = await import('../../../web/src/lib/config');

const session = (id: string, access = `access-${id}`) => ({
  tokens: { idToken: { toString: () => id }, accessToken: { toString: () => access } },
});

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  setConfigForTests(TEST_CONFIG);
  fetchMock = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchAuthSession.mockReset();
});

const authHeader = (call: number) =>
  (fetchMock.mock.calls[call]![1] as RequestInit & { headers: Record<string, string> }).headers.Authorization;

describe('API client', () => {
  it('uses the id token Amplify stored while it is valid, without asking Amplify', async () => {
    const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
    const token = `${b64({ alg: 'none' })}.${b64({ exp: Math.floor(Date.now() / 1000) + 3600 })}.s`;
    const stored: Record<string, string> = {
      'CognitoIdentityServiceProvider.c.LastAuthUser': 'u1',
      'CognitoIdentityServiceProvider.c.u1.idToken': token,
      'CognitoIdentityServiceProvider.c.u1.accessToken': token,
    };
    vi.stubGlobal('window', { localStorage: { getItem: (k: string) => stored[k] ?? null } });
    await apiRequest('/user');
    expect(fetchAuthSession).not.toHaveBeenCalled();
    expect(authHeader(0)).toBe(`Bearer ${token}`);
    // Expired: Amplify refreshes.
    stored['CognitoIdentityServiceProvider.c.u1.idToken'] = `${b64({})}.${b64({ exp: 1 })}.s`;
    fetchAuthSession.mockResolvedValueOnce(session('refreshed'));
    await apiRequest('/user');
    expect(authHeader(1)).toBe('Bearer refreshed');
  });

  it('asks Amplify for the current token on every call when none is stored (silent refresh happens there)', async () => {
    fetchAuthSession.mockResolvedValueOnce(session('token-1')).mockResolvedValueOnce(session('token-2'));
    await apiRequest('/user');
    await apiRequest('/user');
    expect(fetchAuthSession).toHaveBeenCalledTimes(2);
    expect([authHeader(0), authHeader(1)]).toEqual(['Bearer token-1', 'Bearer token-2']);
  });

  it('public calls carry no token', async () => {
    await apiRequest('/public/health', { anonymous: true });
    expect(fetchAuthSession).not.toHaveBeenCalled();
    expect(authHeader(0)).toBeUndefined();
  });

  it('a 401 on a signed-in call leads back to sign-in', async () => {
    fetchAuthSession.mockResolvedValue(session('expired'));
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ code: 'ClientError', message: 'Unauthorized' }), { status: 401 }),
    );
    const handler = vi.fn();
    const unregister = setUnauthorizedHandler(handler);
    await expect(apiRequest('/user')).rejects.toMatchObject({ code: 'ClientError', status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
    unregister();
  });

  it('a failed refresh sends the call without a token (its 401 then signs out)', async () => {
    fetchAuthSession.mockRejectedValue(new Error('refresh failed'));
    await apiRequest('/user');
    expect(authHeader(0)).toBeUndefined();
  });

  it('PUT /user/password sends the current access token', async () => {
    fetchAuthSession.mockResolvedValue(session('id-1', 'access-1'));
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await changePassword({ previousPassword: 'Old#2025', proposedPassword: 'New#2025x' });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/user/password');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({
      accessToken: 'access-1',
      previousPassword: 'Old#2025',
      proposedPassword: 'New#2025x',
    });
  });

  it("an invitation link's code goes only in POST bodies, never in a URL", async () => {
    const code = 'Zm9yLXRoZS11bml0LXRlc3RzLW9ubHktMzItYnl0ZXM';
    const answers: [InvitationLookupResponse, RegistrationResponse] = [
      { email: 'aroha@example.nz' },
      { username: 'aroha@example.nz' },
    ];
    for (const body of answers) fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body)));
    await lookupInvitation(code);
    await registerInvited({ invitationCode: code, password: 'Strong#2025' });
    const [[lookupUrl, lookupInit], [registerUrl, registerInit]] = fetchMock.mock.calls as unknown as [
      [string, RequestInit],
      [string, RequestInit],
    ];
    expect(lookupUrl).toMatch(/\/public\/organisation\/invitations\/lookup$/);
    expect(lookupInit).toMatchObject({ method: 'POST', body: JSON.stringify({ invitationCode: code }) });
    expect(registerUrl).toMatch(/\/public\/user\/registration\/invited$/);
    expect(registerInit.method).toBe('POST');
    for (const url of [lookupUrl, registerUrl]) expect(url).not.toContain(code);
  });
});

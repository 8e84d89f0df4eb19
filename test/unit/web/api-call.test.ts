import path from 'node:path';
import { build } from 'esbuild';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BadgeCounts } from '../../../shared/schemas/applications';
import { TEST_CONFIG } from './config-support';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

const { api, routePath } = await import('../../../web/src/api/call');
const { ContractMismatch, MISMATCHES } = await import('../../../web/src/api/response-check');
const { setConfigForTests } = await import('../../../web/src/lib/config');

const badges: BadgeCounts = {
  recentApplications: 1,
  allApplications: 2,
  submittedApplications: 0,
  archivedApplications: 0,
  recentConsents: 0,
  currentConsents: 0,
  archivedConsents: 0,
};

/** The mismatches the unit project's guard collects (test/unit/web/contract-guard.ts). */
const noted = () => (globalThis as Record<symbol, unknown>)[MISMATCHES] as string[];

let fetchMock: ReturnType<typeof vi.fn>;
const answer = (body: unknown, status = 200) =>
  fetchMock.mockResolvedValueOnce(new Response(body === undefined ? null : JSON.stringify(body), { status }));
const called = (n = 0) => {
  const [url, init] = fetchMock.mock.calls[n] as [string, RequestInit];
  return { url, method: init.method, body: init.body };
};

beforeEach(() => {
  setConfigForTests(TEST_CONFIG);
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('the typed API call (web/src/api/call.ts)', () => {
  it('builds the path from the route key, each parameter URI-encoded, and calls with its method and body', async () => {
    answer({ stepId: 's 1', breadcrumbId: 'b', type: 'Formio', data: {}, readOnly: false, errors: [] });
    await api('POST /user/applications/{id}/steps/{stepId}', {
      params: { id: 'a/b?c', stepId: 's 1' },
      body: { data: { name: 'x' } },
    });
    expect(called()).toEqual({
      url: '/api/user/applications/a%2Fb%3Fc/steps/s%201',
      method: 'POST',
      body: JSON.stringify({ data: { name: 'x' } }),
    });
  });

  it('a GET takes its query and answers the body as the server sent it', async () => {
    answer(badges);
    answer([]);
    expect(await api('GET /user/applicationsV2/badges')).toEqual(badges);
    expect(await api('GET /user/applications', { query: { recordType: 'Draft' } })).toEqual([]);
    expect(called(1)).toMatchObject({ url: '/api/user/applications?recordType=Draft', method: 'GET' });
  });

  it('a route without a response body (204) answers nothing', async () => {
    answer(undefined, 204);
    await expect(
      api('PATCH /user/applications/{id}/preferences', { params: { id: 'a1' }, body: { isHidden: true } }),
    ).resolves.toBeUndefined();
    expect(called()).toMatchObject({ url: '/api/user/applications/a1/preferences', method: 'PATCH' });
  });

  it('in tests and development builds an answer that does not match its contract fails loudly', async () => {
    // No environment stubbed: the unit project's own settings are strict.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    answer({ ...badges, allApplications: 'two' });
    const call = api('GET /user/applicationsV2/badges');
    await expect(call).rejects.toBeInstanceOf(ContractMismatch);
    await expect(call).rejects.toThrow(
      'GET /user/applicationsV2/badges: the answer does not match its contract\nallApplications: Invalid input',
    );
    expect(consoleError).toHaveBeenCalledOnce();
    // Names the field, never its value.
    expect(String(consoleError.mock.calls[0]![0])).not.toContain('two');
    // The unit tests' guard (test/unit/web/contract-guard.ts) noted it: this test would fail after
    // it, even had a page caught the error. Taken back here, since this mismatch is the point.
    expect(noted().splice(0)).toEqual([
      expect.stringContaining('GET /user/applicationsV2/badges: the answer'),
    ]);
  });

  it('a fake answer missing a field is noted by the guard even when the caller catches the error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { recentApplications: _left, ...partial } = badges;
    answer(partial);
    // As a page does that shows a failed query: the error goes no further.
    const caught = await api('GET /user/applicationsV2/badges').catch((e: unknown) => e);
    expect(caught).toBeInstanceOf(ContractMismatch);
    // Left in place, the guard's afterEach would fail this test with the route and the field.
    expect(noted().splice(0)).toEqual([
      'GET /user/applicationsV2/badges: the answer does not match its contract\nrecentApplications: Invalid input: expected number, received undefined',
    ]);
  });

  it('a call whose module parses the answer itself (unchecked) gets the body as sent', async () => {
    answer({ success: false });
    await expect(
      api('GET /user/nzpost/addresschecker/suggest', {
        query: { type: 'Physical', q: '1 Queen' },
        unchecked: true,
      }),
    ).resolves.toEqual({ success: false });
  });

  it('a production build (DEV false) passes the answer through unparsed', async () => {
    vi.stubEnv('DEV', false);
    answer({ ...badges, allApplications: 'two' });
    expect(await api('GET /user/applicationsV2/badges')).toEqual({ ...badges, allApplications: 'two' });
  });

  it('a path parameter the template names but the call lacks throws before any request', () => {
    expect(() => routePath('GET /user/applications/{id}', {})).toThrow(
      'GET /user/applications/{id}: no path parameter id',
    );
    expect(
      routePath('GET /public/jurisdictions/{id}/forms/{formId}/document-types', { id: 'nz', formId: 7 }),
    ).toBe('/public/jurisdictions/nz/forms/7/document-types');
  });
});

/** The call module bundled as a production build bundles it (import.meta.env.DEV replaced). */
async function bundled(dev: boolean): Promise<string> {
  const result = await build({
    entryPoints: [path.resolve(import.meta.dirname, '../../../web/src/api/call.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    packages: 'external',
    splitting: false,
    define: { 'import.meta.env.DEV': String(dev) },
    logLevel: 'silent',
  });
  return result.outputFiles.map((f) => f.text).join('\n');
}

describe('the production bundle of the call', () => {
  it('carries no contract, no schema and no zod: the check is only in development builds', async () => {
    const production = await bundled(false);
    expect(production).not.toMatch(/response-check|apiContract|the answer does not match|from "zod"/);
    // The control: a development build brings the check (and with it the contract's schemas).
    const development = await bundled(true);
    expect(development).toMatch(/the answer does not match its contract/);
  });
});

/** Compile-time only (`npx tsc -p web/tsconfig.json`): what the contract's types refuse. */
export function typesOfTheCall(): void {
  // @ts-expect-error a route key that is not in the contract
  void api('GET /user/nowhere');
  // @ts-expect-error the path parameters are required
  void api('GET /user/applications/{id}');
  // @ts-expect-error a path parameter of another name
  void api('GET /user/applications/{id}', { params: { applicationId: 'a' } });
  // @ts-expect-error the body is the contract's request body
  void api('PATCH /user/applications/{id}/preferences', { params: { id: 'a' }, body: { isHidden: 'yes' } });
  // @ts-expect-error a body on a route that takes none
  void api('GET /user/applicationsV2/badges', { body: {} });
  const counts: Promise<BadgeCounts> = api('GET /user/applicationsV2/badges');
  // @ts-expect-error the answer is the response schema's output
  const wrong: Promise<string[]> = api('GET /user/applicationsV2/badges');
  void counts;
  void wrong;
}

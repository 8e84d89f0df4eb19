// @vitest-environment jsdom
import { AwsRum } from 'aws-rum-web';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, setApiFailureListener } from '../../../web/src/api/client';
import { setConfigForTests } from '../../../web/src/lib/config';
import {
  ACCESS_REQUEST_EVENT,
  createRecorder,
  HTTP_EVENT,
  rumClientConfig,
} from '../../../web/src/app/rum/recorder';
import { scheduleBrowserErrors } from '../../../web/src/app/rum/schedule';
import { parseRumConfig, sampledOnError } from '../../../web/src/app/rum/settings';
import {
  createReporter,
  startBrowserErrors,
  type Recorder,
  type Report,
} from '../../../web/src/app/rum/start';
import { TEST_CONFIG } from './config-support';

const RUM = {
  appMonitorId: '11111111-2222-3333-4444-555555555555',
  identityPoolId: 'ap-southeast-2:66666666-7777-8888-9999-000000000000',
  region: 'ap-southeast-2',
  errorSampleRate: 0.3,
};
const uuid = '3f2a9c1e-5b7d-4e2f-9a1b-0c3d5e7f9a1b';
const linkToken = 'Qm9vdHN0cmFwVG9rZW4tZm9yLXBheWVyLTEyMzQ1Njc4OTA';

afterEach(() => {
  setApiFailureListener(undefined);
  setConfigForTests(undefined);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('browser error reporting: when it is on', () => {
  it('is off without `rum` in config.json (the local stack unless asked) or with an incomplete one', () => {
    expect(parseRumConfig(undefined)).toBeUndefined();
    expect(
      parseRumConfig({ appMonitorId: RUM.appMonitorId, region: RUM.region, errorSampleRate: 0.3 }),
    ).toBeUndefined();
    expect(parseRumConfig({ ...RUM, errorSampleRate: 3 })).toBeUndefined();
    expect(parseRumConfig({ ...RUM, errorSampleRate: '0.3' })).toBeUndefined();
    expect(parseRumConfig(RUM)).toEqual(RUM);
  });

  it('starts nothing, and listens to nothing, when config.json has no `rum`', async () => {
    const target = { addEventListener: vi.fn() };
    const load = vi.fn();
    expect(await startBrowserErrors({ config: async () => ({}), target, load })).toBeUndefined();
    expect(target.addEventListener).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
  });

  it('reports 30 % of the page loads that have an error (the spec’s 0.3 on error)', () => {
    expect(sampledOnError(RUM, () => 0.29)).toBe(true);
    expect(sampledOnError(RUM, () => 0.3)).toBe(false);
    expect(sampledOnError({ ...RUM, errorSampleRate: 0 }, () => 0)).toBe(false);
  });

  it('waits for the page to be interactive: after the load event and an idle moment', async () => {
    vi.useFakeTimers();
    const start = vi.fn(async () => undefined);
    scheduleBrowserErrors(start);
    await vi.advanceTimersByTimeAsync(100);
    expect(start).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    expect(start).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(start).toHaveBeenCalledOnce();
  });
});

describe('browser error reporting: one decision per page load, on its first error', () => {
  const recorderSpy = () => {
    const recorded: [Report, string][] = [];
    const recorder: Recorder = { record: (report, at) => recorded.push([report, at]) };
    return { recorded, recorder };
  };

  it('downloads nothing and sends nothing for an unsampled page load', () => {
    const load = vi.fn();
    const random = vi.fn(() => 0.5);
    const reporter = createReporter(RUM, { random, load, pathname: () => '/' });
    reporter.report({ kind: 'error', error: new Error('a') });
    reporter.report({ kind: 'error', error: new Error('b') });
    expect(reporter.state).toBe('off');
    expect(load).not.toHaveBeenCalled();
    expect(random).toHaveBeenCalledOnce();
  });

  it('hands a sampled load’s recorder the first error, those made while it downloaded, and the later ones', async () => {
    const { recorded, recorder } = recorderSpy();
    let resolve!: (r: Recorder) => void;
    const load = vi.fn(() => new Promise<Recorder>((r) => (resolve = r)));
    let path = '/applications';
    const reporter = createReporter(RUM, { random: () => 0.1, load, pathname: () => path });
    reporter.report({ kind: 'error', error: new Error('first') });
    path = `/application-details/${uuid}`;
    reporter.report({ kind: 'http', method: 'GET', path: '/user/applications', status: 500 });
    expect(reporter.state).toBe('loading');
    resolve(recorder);
    await vi.waitFor(() => expect(reporter.state).toBe('on'));
    reporter.report({ kind: 'error', error: new Error('third') });
    expect(load).toHaveBeenCalledOnce();
    expect(recorded.map(([r, at]) => [r.kind, at])).toEqual([
      ['error', '/applications'],
      ['http', `/application-details/${uuid}`],
      ['error', `/application-details/${uuid}`],
    ]);
  });

  it('stays silent when the RUM client cannot be downloaded', async () => {
    const reporter = createReporter(RUM, {
      random: () => 0,
      load: () => Promise.reject(new Error('offline')),
      pathname: () => '/',
    });
    reporter.report({ kind: 'error', error: new Error('x') });
    await vi.waitFor(() => expect(reporter.state).toBe('off'));
  });
});

describe('browser error reporting: failed API calls and the three access-request errors', () => {
  const started = async () => {
    const recorded: [Report, string][] = [];
    const reporter = await startBrowserErrors({
      config: async () => ({ rum: RUM }),
      random: () => 0,
      load: async () => ({ record: (report, at) => recorded.push([report, at]) }),
      pathname: () => '/applications',
      target: { addEventListener: () => {} },
    });
    setConfigForTests(TEST_CONFIG);
    return { recorded, reporter: reporter! };
  };
  const respond = (status: number, body: unknown) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status })),
    );

  it.each([
    ['ACCESS.REQUEST.ALREADY.GRANTED', 'AccessRequestAlreadyGranted'],
    ['ACCESS.REQUEST.EXIST', 'AccessRequestExist'],
    ['ACCESS.REQUEST.APPLICATION.NOT.EDITABLE', 'AccessRequestApplicationNotEditable'],
  ])(
    '%s: recorded as an event (code only) and rethrown with the server description',
    async (server, code) => {
      const { recorded, reporter } = await started();
      respond(400, { code: server, description: 'Ann Smith already has access to 12 Smith Street' });
      const call = apiRequest('/user/access-requests-v2', { method: 'POST', body: { applicationId: uuid } });
      await expect(call).rejects.toMatchObject({
        code,
        message: 'Ann Smith already has access to 12 Smith Street',
      });
      await vi.waitFor(() => expect(reporter.state).toBe('on'));
      expect(recorded).toEqual([
        [{ kind: 'http', method: 'POST', path: '/user/access-requests-v2', status: 400 }, '/applications'],
        [{ kind: 'access-request', code }, '/applications'],
      ]);
    },
  );

  it('reports other failures as failed calls only, and a call without a response with status 0', async () => {
    const { recorded, reporter } = await started();
    respond(500, { code: 'ServerError', description: 'boom' });
    await expect(
      apiRequest(`/user/access-requests/${uuid}`, { method: 'PATCH', body: {} }),
    ).rejects.toMatchObject({
      code: 'ServerError',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('/user/applications')).rejects.toMatchObject({ code: 'NetworkError' });
    await vi.waitFor(() => expect(reporter.state).toBe('on'));
    await vi.waitFor(() => expect(recorded).toHaveLength(2));
    expect(recorded.map(([r]) => r)).toEqual([
      { kind: 'http', method: 'PATCH', path: `/user/access-requests/${uuid}`, status: 500 },
      { kind: 'http', method: 'GET', path: '/user/applications', status: 0 },
    ]);
  });
});

describe('browser error reporting: what reaches CloudWatch RUM', () => {
  it('sets no X-Ray, no cookies, no automatic page views, errors only', () => {
    const config = rumClientConfig(RUM);
    expect(config).toMatchObject({
      enableXRay: false,
      allowCookies: false,
      disableAutoPageView: true,
      sessionSampleRate: 1,
      identityPoolId: RUM.identityPoolId,
      endpoint: 'https://dataplane.rum.ap-southeast-2.amazonaws.com',
    });
    expect(config.telemetries).toHaveLength(1);
    expect((config.telemetries![0] as [string, unknown])[0]).toBe('errors');
    expect(config.userId).toBeUndefined();
  });

  it('sends route templates and codes, never emails, tokens, ids, queries or fragments (a real RUM client)', async () => {
    const batches: unknown[] = [];
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    window.history.replaceState(null, '', `/pay/${linkToken}?email=ann@example.nz#token=${linkToken}`);
    document.title = 'Ann Smith – 12 Smith Street';
    let client!: AwsRum;
    const recorder = createRecorder(RUM, {
      origin: window.location.origin,
      client: (rum, config) =>
        (client = new AwsRum(rum.appMonitorId, '1', rum.region, {
          ...config,
          // The test's stand-in for the data plane: no Cognito, no signing, batches captured.
          identityPoolId: undefined,
          signing: false,
          clientBuilder: () =>
            ({
              sendFetch: async (request: unknown) => {
                batches.push(request);
                return { response: { statusCode: 200 } };
              },
              sendBeacon: async (request: unknown) => {
                batches.push(request);
                return { response: { statusCode: 200 } };
              },
            }) as never,
        })),
    });
    const error = new Error(
      `Could not load ${window.location.origin}/pay/${linkToken}#token=${linkToken} for ann@example.nz (${uuid})`,
    );
    recorder.record({ kind: 'error', error }, window.location.pathname);
    recorder.record(
      {
        kind: 'http',
        method: 'GET',
        path: `/user/applications-search?address=12%20Smith%20Street`,
        status: 500,
      },
      `/application-details/${uuid}`,
    );
    recorder.record({ kind: 'access-request', code: 'AccessRequestExist' }, `/application-details/${uuid}`);
    client.dispatch();
    await vi.waitFor(() => expect(batches).toHaveLength(1));
    const sent = JSON.stringify(batches);
    for (const secret of [
      linkToken,
      'ann@example.nz',
      'Smith',
      uuid,
      'address=',
      '#token',
      'X-Amzn-Trace-Id',
    ])
      expect(sent).not.toContain(secret);
    const events = (batches[0] as { RumEvents: { type: string; details: string; metadata: string }[] })
      .RumEvents;
    const of = (type: string) =>
      events.filter((e) => e.type === type).map((e) => JSON.parse(e.details) as unknown);
    expect(of('com.amazon.rum.page_view_event')).toEqual([
      expect.objectContaining({ pageId: '/pay/:id' }),
      expect.objectContaining({ pageId: '/application-details/:id' }),
    ]);
    expect(of('com.amazon.rum.js_error_event')).toEqual([
      expect.objectContaining({ type: 'Error', message: 'Could not load /pay/:id for [email] (:id)' }),
    ]);
    expect(of(HTTP_EVENT)).toEqual([
      {
        version: '1.0.0',
        request: { method: 'GET', url: '/user/applications-search' },
        response: { status: 500 },
      },
    ]);
    expect(of(ACCESS_REQUEST_EVENT)).toEqual([
      { code: 'AccessRequestExist', route: '/application-details/:id' },
    ]);
    const metadata = events.map((e) => JSON.parse(e.metadata) as Record<string, unknown>);
    expect(metadata.every((m) => m.title === m.pageId)).toBe(true);
    // No user id: cookies are off, the id is the nil UUID.
    expect((batches[0] as { UserDetails: { userId: string } }).UserDetails.userId).toBe(
      '00000000-0000-0000-0000-000000000000',
    );
    // Nothing went to the network but through the data-plane stand-in (no fetch patched either).
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(window.fetch).toBe(fetchSpy);
  });
});

/**
 * The CloudWatch RUM client of a page load that had an error and was sampled (app/rum/start.ts).
 * Downloaded only then. Every event is built here from scrubbed parts (app/rum/scrub.ts): page ids
 * are route templates, URLs have no query or fragment, messages no emails, ids or tokens; no user
 * id, no cookies, no X-Ray (docs/browser-errors.md).
 */
import { AwsRum, type AwsRumConfig } from 'aws-rum-web';
import type { RumConfig } from './settings';
import { routeTemplate, scrubDetails, scrubError, scrubUrl } from './scrub';
import type { Recorder, Report } from './report';

/** The event type of the three access-request refusals (custom events are on in the app monitor). */
export const ACCESS_REQUEST_EVENT = 'consent_portal.access_request_error';
/** RUM's own event types: its console's JS errors and HTTP errors pages read them. */
export const HTTP_EVENT = 'com.amazon.rum.http_event';

/** Sent with every batch as the application version. */
const APP_VERSION = '1';

/**
 * The client's settings: errors only (its own error listeners ignore everything: the recorder
 * hands it scrubbed errors); no http plugin (no fetch patched, no X-Ray trace header) and no
 * X-Ray; no cookies (no user id, a session per page load); no automatic page views (they would
 * carry the real path): the recorder names the page by its route template.
 */
export function rumClientConfig(rum: RumConfig): AwsRumConfig {
  return {
    identityPoolId: rum.identityPoolId,
    endpoint: `https://dataplane.rum.${rum.region}.amazonaws.com`,
    // The page load was sampled already (start.ts, errorSampleRate): all of it is recorded.
    sessionSampleRate: 1,
    telemetries: [['errors', { ignore: () => true }]],
    enableXRay: false,
    allowCookies: false,
    disableAutoPageView: true,
    recordResourceUrl: false,
    userIdRetentionDays: 0,
  };
}

export interface RecorderDeps {
  /** The RUM client class (tests pass a fake or a real one with a capturing client builder). */
  client?: (
    rum: RumConfig,
    config: AwsRumConfig,
  ) => Pick<AwsRum, 'recordPageView' | 'recordError' | 'recordEvent' | 'setEventMetadataHook'>;
  origin?: string;
}

export function createRecorder(rum: RumConfig, deps: RecorderDeps = {}): Recorder {
  const origin = deps.origin ?? window.location.origin;
  const config = rumClientConfig(rum);
  const client = deps.client
    ? deps.client(rum, config)
    : new AwsRum(rum.appMonitorId, APP_VERSION, rum.region, config);
  // A last line of defence: whatever an event holds (the client's own fields: a page view's
  // referrer, an error's file name) is scrubbed before the event is serialised. The hook adds no
  // metadata.
  client.setEventMetadataHook((_type, details) => {
    scrubDetails(details, origin);
  });
  return {
    record(report: Report, pathname: string) {
      const page = routeTemplate(pathname);
      // The page's title may name an application: the template stands for it too.
      client.recordPageView({ pageId: page, pageAttributes: { title: page } });
      switch (report.kind) {
        case 'error':
          client.recordError(scrubError(report.error, origin));
          break;
        case 'http':
          client.recordEvent(HTTP_EVENT, {
            version: '1.0.0',
            request: { method: report.method, url: scrubUrl(report.path, origin) },
            ...(report.status
              ? { response: { status: report.status } }
              : { error: { version: '1.0.0', type: 'NetworkError', message: 'NetworkError' } }),
          });
          break;
        case 'access-request':
          client.recordEvent(ACCESS_REQUEST_EVENT, { code: report.code, route: page });
          break;
      }
    },
  };
}

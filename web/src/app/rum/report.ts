import type { HttpMethod } from '../../api/client';
import type { ServiceErrorCode } from '../../api/errors';

/** What is reported: a JavaScript error, a failed API call, one of the three access-request refusals. */
export type Report =
  | { kind: 'error'; error: unknown }
  | { kind: 'http'; method: HttpMethod; path: string; status: number }
  | { kind: 'access-request'; code: ServiceErrorCode };

/** The RUM client once loaded: records a report made while the browser was at `pathname`. */
export interface Recorder {
  record(report: Report, pathname: string): void;
}

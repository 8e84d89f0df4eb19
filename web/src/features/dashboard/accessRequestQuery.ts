/**
 * `/?access_request=` (docs/applications.md) holds an encoded request
 * (`{ applicationId }`, lib/urls/queryCodec.ts). When it decodes, the dashboard returns to `/`, submits
 * POST /user/access-requests-v2 { applicationId }, then shows 'Access request submitted' (an error
 * toast on failure): features/access-requests/AccessRequestLink.tsx, loaded only for such a link.
 */
import { AccessRequestParam, decodeParam } from '../../lib/urls/queryCodec';
import { ACCESS_REQUEST_QUERY } from './accessRequestKey';

export { ACCESS_REQUEST_QUERY };

export function accessRequestFromSearch(search: URLSearchParams): AccessRequestParam | undefined {
  return decodeParam(search.get(ACCESS_REQUEST_QUERY), AccessRequestParam);
}

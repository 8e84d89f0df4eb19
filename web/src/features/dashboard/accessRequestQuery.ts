/**
 * SEAM for the access-request issue (portal-core §2, portal-organisation §2): `/?access_request=`
 * holds an encoded request. When it decodes, the dashboard is to return to `/`, submit
 * POST /user/access-requests-v2 { applicationId }, then show the 'Access request submitted' dialog
 * (an error toast on failure). Decoding is done and tested here; until that issue lands the
 * dashboard leaves the query untouched (nothing is submitted and nothing is pretended).
 */
import { AccessRequestParam, decodeParam } from '../../routes/queryCodec';

export const ACCESS_REQUEST_QUERY = 'access_request';

export function accessRequestFromSearch(search: URLSearchParams): AccessRequestParam | undefined {
  return decodeParam(search.get(ACCESS_REQUEST_QUERY), AccessRequestParam);
}

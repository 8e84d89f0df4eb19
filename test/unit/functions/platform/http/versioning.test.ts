import { describe, expect, it } from 'vitest';
import { versionHeaders } from '../../../../../functions/platform/http/versioning.js';

describe('the council API version headers', () => {
  it('a council route answers its version; a portal route answers none', () => {
    expect(versionHeaders('GET /council/applications')).toEqual({ 'council-api-version': '1' });
    expect(versionHeaders('GET /user/applications/{id}')).toEqual({});
    expect(versionHeaders('GET /nowhere')).toEqual({});
  });

  it('a deprecated route adds Deprecation (RFC 9745), Sunset (RFC 8594) and its successor', () => {
    const headers = versionHeaders('POST /council/applications/{id}/suspension', undefined, {
      'POST /council/applications/{id}/suspension': {
        deprecatedOn: '2027-01-01',
        sunsetOn: '2027-07-01',
        successor: '/council/applications/{id}/suspensions',
      },
    });
    expect(headers).toEqual({
      'council-api-version': '1',
      deprecation: '@1798761600',
      sunset: 'Thu, 01 Jul 2027 00:00:00 GMT',
      link: '</council/applications/{id}/suspensions>; rel="successor-version"',
    });
  });
});

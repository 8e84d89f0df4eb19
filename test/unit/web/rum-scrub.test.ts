import { describe, expect, it } from 'vitest';
import { routeTemplate, scrubDetails, scrubError, scrubText, scrubUrl } from '../../../web/src/app/rum/scrub';

const ORIGIN = 'https://portal.example.nz';
const uuid = '3f2a9c1e-5b7d-4e2f-9a1b-0c3d5e7f9a1b';
const linkToken = 'Qm9vdHN0cmFwVG9rZW4tZm9yLXBheWVyLTEyMzQ1Njc4OTA';
const jwt =
  'eyJhbGciOiJSUzI1NiIsImtpZCI6IjEyMyJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwiZW1haWwiOiJhQGIuY28ifQ.c2lnbmF0dXJlMTIzNDU2Nzg5MGFiY2RlZg';

describe('browser error reports: route templates (page ids)', () => {
  it('turns ids and tokens in a path into :id and keeps the route words', () => {
    expect(routeTemplate(`/application-details/${uuid}`)).toBe('/application-details/:id');
    expect(routeTemplate(`/application-details/${uuid}/rfi-point-details-v3/${uuid}`)).toBe(
      '/application-details/:id/rfi-point-details-v3/:id',
    );
    expect(routeTemplate('/application-details/12345/payment-details/98765')).toBe(
      '/application-details/:id/payment-details/:id',
    );
    expect(routeTemplate(`/pay/${linkToken}`)).toBe('/pay/:id');
    expect(routeTemplate('/new-application/intent-selection')).toBe('/new-application/intent-selection');
    expect(routeTemplate('/')).toBe('/');
  });

  it('drops the query and the fragment (where invitation and payer links carry their tokens)', () => {
    expect(routeTemplate(`/pay#token=${linkToken}`)).toBe('/pay');
    expect(routeTemplate(`/registration-via-invitation?email=ann@example.nz#token=${linkToken}`)).toBe(
      '/registration-via-invitation',
    );
  });
});

describe('browser error reports: URLs', () => {
  it('reports the portal’s own URLs as templates without query or fragment', () => {
    expect(scrubUrl(`${ORIGIN}/unsubscribe?token=${linkToken}#token=${linkToken}`, ORIGIN)).toBe(
      '/unsubscribe',
    );
    expect(scrubUrl(`/user/access-requests/${uuid}`, ORIGIN)).toBe('/user/access-requests/:id');
    expect(scrubUrl('/user/applications-search?address=12%20Smith%20Street&pageIndex=0', ORIGIN)).toBe(
      '/user/applications-search',
    );
  });

  it('keeps another origin but not its presigned query or its object key', () => {
    const presigned = `https://uploads.s3.ap-southeast-2.amazonaws.com/${uuid}/Ann%20Smith%20consent.pdf?X-Amz-Signature=abc123&X-Amz-Credential=AKIA`;
    expect(scrubUrl(presigned, ORIGIN)).toBe('https://uploads.s3.ap-southeast-2.amazonaws.com/:id/:id');
  });

  it('keeps the SPA’s hashed files with line and column (stack traces)', () => {
    expect(scrubUrl(`${ORIGIN}/assets/SignedInRoot-Bx8s7a2B.js:1:2345`, ORIGIN)).toBe(
      '/assets/SignedInRoot-Bx8s7a2B.js:1:2345',
    );
  });
});

describe('browser error reports: messages', () => {
  it('takes out emails, tokens, ids and long numbers', () => {
    const text = scrubText(
      `No account for ann.smith+nz@example.co.nz with token=${linkToken} (id ${uuid}, phone 021 555 0199, bearer ${jwt})`,
      ORIGIN,
    );
    expect(text).toBe(
      'No account for [email] with token=[token] (id :id, phone [number], bearer [token].[token].[token])',
    );
  });

  it('scrubs URLs inside a message or a stack', () => {
    const stack = `TypeError: x is undefined\n    at f (${ORIGIN}/assets/index-Ab12Cd34.js:1:99)\n    at ${ORIGIN}/pay#token=${linkToken}`;
    expect(scrubText(stack, ORIGIN)).toBe(
      'TypeError: x is undefined\n    at f (/assets/index-Ab12Cd34.js:1:99)\n    at /pay',
    );
  });

  it('leaves a plain message alone', () => {
    expect(scrubText('Cannot read properties of undefined (reading "rfi-point-details-v3")')).toBe(
      'Cannot read properties of undefined (reading "rfi-point-details-v3")',
    );
  });

  it('reports a ServiceError by its code, never the server’s description', () => {
    const error = Object.assign(new Error('An access request for 12 Smith Street by Ann Smith exists'), {
      name: 'ServiceError',
      code: 'AccessRequestExist',
    });
    const scrubbed = scrubError(error, ORIGIN);
    expect(scrubbed.name).toBe('ServiceError');
    expect(scrubbed.message).toBe('AccessRequestExist');
    expect(scrubbed.stack).not.toContain('Smith');
  });

  it('scrubs every string of an event in place, URL fields as URLs', () => {
    const details = {
      version: '1.0.0',
      message: 'mail ann@example.nz',
      filename: `${ORIGIN}/pay?token=${linkToken}`,
      nested: { url: `${ORIGIN}/application-details/${uuid}?tab=documents`, status: 500 },
    };
    scrubDetails(details, ORIGIN);
    expect(details).toEqual({
      version: '1.0.0',
      message: 'mail [email]',
      filename: '/pay',
      nested: { url: '/application-details/:id', status: 500 },
    });
  });
});

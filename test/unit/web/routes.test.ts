import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { signedInRoutes } from '../../../web/src/routes/signedIn';
import { encodeParam } from '../../../web/src/lib/urls/queryCodec';

type Router = ReturnType<typeof createMemoryRouter>;
const routers: Router[] = [];
afterEach(() => {
  while (routers.length) routers.pop()!.dispose();
});

/** Where the signed-in router ends up for a URL (after its redirects), and the route it shows. */
async function land(url: string): Promise<{ url: string; route: string | undefined }> {
  const router = createMemoryRouter(signedInRoutes, { initialEntries: [url] });
  routers.push(router);
  if (!router.state.initialized || router.state.navigation.state !== 'idle') {
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (state.initialized && state.navigation.state === 'idle') {
          stop();
          resolve();
        }
      });
    });
  }
  const { pathname, search } = router.state.location;
  const last = router.state.matches[router.state.matches.length - 1]?.route;
  return { url: `${pathname}${search}`, route: last?.index ? '(index)' : last?.path };
}

const address = encodeParam({
  address1: '1 Queen Street',
  city: 'Auckland',
  fullAddress: '1 Queen Street, Auckland',
});

describe('signed-in routes: the dashboard', () => {
  it('/ is the dashboard', async () => {
    expect(await land('/')).toEqual({ url: '/', route: '(index)' });
  });

  it('keeps ?access_request for the access-request seam (nothing is submitted yet)', async () => {
    const encoded = encodeParam({ applicationId: '42' });
    expect(await land(`/?access_request=${encoded}`)).toEqual({
      url: `/?access_request=${encoded}`,
      route: '(index)',
    });
  });
});

describe('signed-in routes: ?returnTo after the first sign-in (an invitation)', () => {
  it('goes on to the application of the invitation', async () => {
    expect(await land('/?returnTo=%2Fapplication-details%2F101')).toEqual({
      url: '/application-details/101',
      route: 'application-details/:applicationId',
    });
  });

  it.each([
    'https%3A%2F%2Fevil.example%2F',
    '%2F%2Fevil.example',
    '%2F%5Cevil.example',
    '%2F%3FreturnTo%3D%2F',
  ])('stays on the dashboard for %s', async (value) => {
    expect((await land(`/?returnTo=${value}`)).route).toBe('(index)');
  });
});

describe('signed-in routes: /projects?tab', () => {
  it.each([
    '/projects?tab=All',
    '/projects?tab=Archived',
    '/projects?tab=all',
    '/projects?tab=ARCHIVED',
    '/projects',
  ])('%s stays', async (url) => {
    expect(await land(url)).toEqual({ url, route: 'projects' });
  });

  it.each(['/projects?tab=Drafts', '/projects?tab=', '/projects?tab=archive'])(
    '%s redirects to /projects?tab=All',
    async (url) => {
      expect(await land(url)).toEqual({ url: '/projects?tab=All', route: 'projects' });
    },
  );
});

describe('signed-in routes: list pages and account pages', () => {
  it.each([
    'applications',
    'consents',
    'user-profile',
    'user-notifications',
    'libraries',
    'organisation-members',
    'organisation-invitations',
    'organisation-disabled-members',
    'application-templates',
    'contacts',
  ])('/%s has its page', async (path) => {
    expect(await land(`/${path}`)).toEqual({ url: `/${path}`, route: path });
  });
});

describe('signed-in routes: /new-application/*', () => {
  it.each([
    '/new-application',
    '/new-application/',
    '/new-application/unknown',
    '/new-application/address/extra',
  ])('%s goes to intent-selection', async (url) => {
    expect((await land(url)).url).toBe('/new-application/intent-selection');
  });

  it.each([
    '/new-application/intent-selection',
    '/new-application/child-application?type=amendment',
    '/new-application/child-application?type=supporting',
    '/new-application/child-application?type=Supporting',
    '/new-application/address?intention=from-existing-application&refApplicationId=12',
    `/new-application/address?address=${address}&authority-id=7`,
    `/new-application/authority-property-records?address=${address}&authority-id=7`,
    `/new-application/form-selection?address=${address}&authority-id=7`,
  ])('%s stays', async (url) => {
    expect(await land(url)).toEqual({ url, route: 'new-application/*' });
  });

  it.each(['/new-application/child-application', '/new-application/child-application?type=standalone'])(
    'child-application without a valid type (%s) goes to intent-selection',
    async (url) => {
      expect((await land(url)).url).toBe('/new-application/intent-selection');
    },
  );

  it.each([
    '/new-application/authority-property-records',
    '/new-application/authority-property-records?address=not-base64!&authority-id=7',
    `/new-application/authority-property-records?address=${encodeParam('just text')}&authority-id=7`,
    `/new-application/authority-property-records?address=${address}`,
  ])('authority-property-records whose query does not parse (%s) goes to /', async (url) => {
    expect(await land(url)).toEqual({ url: '/', route: '(index)' });
  });
});

describe('signed-in routes: numeric ids', () => {
  it.each([
    ['/application-form/12', 'application-form/:applicationId'],
    ['/application-form/12/breadcrumb/3', 'application-form/:applicationId/breadcrumb/:breadcrumbId'],
    ['/application-form/12/step/4', 'application-form/:applicationId/step/:stepId'],
    [
      '/application-form/12/breadcrumb/3/step/4',
      'application-form/:applicationId/breadcrumb/:breadcrumbId/step/:stepId',
    ],
    ['/application-submitted/12', 'application-submitted/:applicationId'],
  ])('%s stays', async (url, route) => {
    expect(await land(url)).toEqual({ url, route });
  });

  it.each([
    '/application-form/abc',
    '/application-form/12a',
    '/application-form/12/breadcrumb/x',
    '/application-form/12/step/x',
    '/application-form/x/breadcrumb/3/step/4',
    '/application-form/12/breadcrumb/3/step/-4',
    '/application-submitted/abc',
  ])('%s goes to /', async (url) => {
    expect(await land(url)).toEqual({ url: '/', route: '(index)' });
  });
});

describe('signed-in routes: application details and documents', () => {
  it.each([
    '/application-details/12',
    '/application-details/12?section=Documents',
    '/application-details/12?section=rfis&subSection=round-1',
    '/application-details/12?section=Unknown',
  ])('%s shows the details page (section resolved by the page)', async (url) => {
    expect(await land(url)).toEqual({ url, route: 'application-details/:applicationId' });
  });

  it.each([
    [
      '/application-details/12/rfi-point-details/5',
      'application-details/:applicationId/rfi-point-details/:rfiPointId',
    ],
    [
      '/application-details/12/rfi-point-details-v3/5',
      'application-details/:applicationId/rfi-point-details-v3/:rfiPointId',
    ],
    [
      '/application-details/12/payment-details/9',
      'application-details/:applicationId/payment-details/:paymentId',
    ],
    ['/application-form-pdf/12', 'application-form-pdf/:applicationId'],
    ['/application-rfis-pdf/12', 'application-rfis-pdf/:applicationId'],
  ])('%s has its page', async (url, route) => {
    expect(await land(url)).toEqual({ url, route });
  });
});

describe('signed-in routes: anything else', () => {
  it.each(['/registration', '/support', '/forgot-password', '/confirm-registration?email=a%40b.nz'])(
    'the signed-out page %s goes to /',
    async (url) => {
      expect(await land(url)).toEqual({ url: '/', route: '(index)' });
    },
  );

  // Page not found, with a way back (docs/architecture.md): never a silent redirect.
  it.each([
    '/nope',
    '/application-details',
    '/user-profile/extra',
    '/projects/1',
    '/application-form/12/other',
  ])('%s is the page-not-found page, at its own address', async (url) => {
    expect(await land(url)).toEqual({ url, route: '*' });
  });
});

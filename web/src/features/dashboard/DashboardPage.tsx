import { lazy, Suspense, useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader, Stack } from '../../components/plain/page';
import { useBreakpointUp } from '../../lib/breakpoints';
import { useMaybeCurrentUser } from '../shell/useCurrentUser';
import { WIDE_WELCOME_BREAKPOINT, welcomeName, welcomeTitleKey } from './welcome';
import { ProfileIncompleteAlert } from './ProfileIncompleteAlert';
import { OrganisationAlerts } from './OrganisationAlerts';
import { RegisteredApplicantInvitationAlerts } from './RegisteredApplicantInvitationAlerts';
import { Announcements } from '../../components/Announcements';
import { StartApplicationCards } from './StartApplicationCards';
import { RecentApplications } from './RecentApplications';
import { DashboardWork } from './DashboardWork';
import { ACCESS_REQUEST_QUERY } from './accessRequestKey';

// Decoding (zod) and submitting `?access_request=` load only for such a link.
const AccessRequestLink = lazy(() => import('../access-requests/AccessRequestLink'));

/**
 * `/` when signed in: the welcome title, the alerts (profile incomplete, registered-applicant, organisation and merge invitations, announcements), the
 * start cards, the recent applications and consents, and the work lists (./DashboardWork.tsx). It draws before GET /user answers: the welcome title gets the name, and the profile
 * reminder shows, once the user is known. `?access_request=` submits an access request
 * (./accessRequestQuery.ts). Plain markup, no Cloudscape component: the first page of a signed-in
 * load (docs/performance.md, step 20; test/unit/lint/dashboard-imports.test.ts).
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const user = useMaybeCurrentUser();
  const wide = useBreakpointUp(WIDE_WELCOME_BREAKPOINT);
  const [params] = useSearchParams();
  const raw = params.get(ACCESS_REQUEST_QUERY);
  // The link is held here: the page returns to `/` (no query) while its request and dialog go on.
  const [seen, setSeen] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  if (raw && raw !== seen) {
    setSeen(raw);
    setLink(raw);
  }
  const done = useCallback(() => setLink(null), []);
  return (
    <>
      <PageHeader>
        {user ? t(welcomeTitleKey(wide), { name: welcomeName(user) }) : t(welcomeTitleKey(wide, false))}
      </PageHeader>
      <Stack>
        <ProfileIncompleteAlert />
        <RegisteredApplicantInvitationAlerts />
        <OrganisationAlerts />
        <Announcements location="dashboard" />
        <StartApplicationCards />
        <RecentApplications />
        <DashboardWork />
      </Stack>
      {link && (
        <Suspense fallback={null}>
          <AccessRequestLink key={link} raw={link} onDone={done} />
        </Suspense>
      )}
    </>
  );
}

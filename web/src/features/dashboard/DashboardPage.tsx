import { useTranslation } from 'react-i18next';
import { PageHeader, Stack } from '../../components/plain/page';
import { useBreakpointUp } from '../../app/breakpoints';
import { useMaybeCurrentUser } from '../shell/useCurrentUser';
import { WIDE_WELCOME_BREAKPOINT, welcomeName, welcomeTitleKey } from './welcome';
import { ProfileIncompleteAlert } from './ProfileIncompleteAlert';
import { OrganisationAlerts } from './OrganisationAlerts';
import { Announcements } from '../../components/Announcements';
import { StartApplicationCards } from './StartApplicationCards';
import { RecentApplications } from './RecentApplications';
import { DashboardWork } from './DashboardWork';

/**
 * `/` when signed in: the welcome title, the alerts (profile incomplete, organisation and merge invitations, announcements), the
 * start cards, the recent applications and consents, and the work lists (./DashboardWork.tsx). It draws before GET /user answers: the welcome title gets the name, and the profile
 * reminder shows, once the user is known. `?access_request=` is the access-request issue's (see
 * ./accessRequestQuery.ts). Plain markup, no Cloudscape component: the first page of a signed-in
 * load (docs/performance.md, step 20; test/unit/lint/dashboard-imports.test.ts).
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const user = useMaybeCurrentUser();
  const wide = useBreakpointUp(WIDE_WELCOME_BREAKPOINT);
  return (
    <>
      <PageHeader>{t(welcomeTitleKey(wide), { name: user ? welcomeName(user) : '' })}</PageHeader>
      <Stack>
        <ProfileIncompleteAlert />
        <OrganisationAlerts />
        <Announcements location="dashboard" />
        <StartApplicationCards />
        <RecentApplications />
        <DashboardWork />
      </Stack>
    </>
  );
}

import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { useBreakpointUp } from '../../app/breakpoints';
import { useMaybeCurrentUser } from '../shell/useCurrentUser';
import { WIDE_WELCOME_BREAKPOINT, welcomeName, welcomeTitleKey } from './welcome';
import { ProfileIncompleteAlert } from './ProfileIncompleteAlert';
import { Announcements } from '../../components/Announcements';
import { StartApplicationCards } from './StartApplicationCards';
import { RecentApplications } from './RecentApplications';

const SECTIONS = [{ title: 'dashboard.actionsTitle', body: 'dashboard.actionsBody' }] as const;

/**
 * `/` when signed in: the welcome title, the alerts (profile incomplete, announcements), the
 * start cards and the recent applications and consents; the areas later issues build say "coming
 * soon". It draws before GET /user answers: the welcome title gets the name, and the profile
 * reminder shows, once the user is known. `?access_request=` is the access-request issue's (see
 * ./accessRequestQuery.ts).
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const user = useMaybeCurrentUser();
  const wide = useBreakpointUp(WIDE_WELCOME_BREAKPOINT);
  return (
    <ContentLayout
      header={
        <Header variant="h1">{t(welcomeTitleKey(wide), { name: user ? welcomeName(user) : '' })}</Header>
      }
    >
      <SpaceBetween size="l">
        <ProfileIncompleteAlert />
        <Announcements location="dashboard" />
        <StartApplicationCards />
        <RecentApplications />
        {SECTIONS.map((section) => (
          <Container
            key={section.title}
            header={
              <Header variant="h2" actions={<Badge>{t('comingSoon.badge')}</Badge>}>
                {t(section.title)}
              </Header>
            }
          >
            <Box variant="p">{t(section.body)}</Box>
          </Container>
        ))}
      </SpaceBetween>
    </ContentLayout>
  );
}

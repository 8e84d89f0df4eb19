import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../components/RouterLink';

export type ComingSoonArea = 'projects' | 'libraries' | 'organisation' | 'newApplication' | 'profile';

/** A signed-in route whose area a later issue builds: says so, with no made-up data. */
export function ComingSoonPage({ area }: { area: ComingSoonArea }) {
  const { t } = useTranslation();
  return (
    <ContentLayout header={<Header variant="h1">{t(`comingSoon.${area}`)}</Header>}>
      <Container>
        <SpaceBetween size="m">
          <Badge>{t('comingSoon.badge')}</Badge>
          <Box variant="p">{t('comingSoon.body')}</Box>
          <RouterLink href="/">{t('comingSoon.backToDashboard')}</RouterLink>
        </SpaceBetween>
      </Container>
    </ContentLayout>
  );
}

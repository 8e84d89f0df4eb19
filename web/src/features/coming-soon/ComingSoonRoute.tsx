import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useParams, useSearchParams, type Params } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../components/RouterLink';
import type en from '../../i18n/en.json';

export type ComingSoonPageKey = keyof (typeof en)['comingSoon']['pages'];
export type ComingSoonDetailKey = keyof (typeof en)['comingSoon']['details'];

/** What the URL says about the page (its ids and resolved query), shown as is: never made-up data. */
export type Describe = (route: {
  params: Params;
  search: URLSearchParams;
}) => Array<[ComingSoonDetailKey, string | undefined]>;

/**
 * A signed-in route whose page a later issue builds: the signed-in layout, the page's name and a
 * clear "coming soon", plus what the route resolved from its URL (ids, tab, section).
 */
export function ComingSoonRoute({ page, describe }: { page: ComingSoonPageKey; describe?: Describe }) {
  const { t } = useTranslation();
  const params = useParams();
  const [search] = useSearchParams();
  const details = (describe?.({ params, search }) ?? []).filter(
    (entry): entry is [ComingSoonDetailKey, string] => entry[1] !== undefined && entry[1] !== '',
  );
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={t('comingSoon.description', { page: t(`comingSoon.pages.${page}`) })}
        >
          {t(`comingSoon.pages.${page}`)}
        </Header>
      }
    >
      <Container>
        <SpaceBetween size="m">
          <Badge>{t('comingSoon.badge')}</Badge>
          <Box variant="p">{t('comingSoon.body')}</Box>
          {details.length > 0 && (
            <KeyValuePairs
              columns={Math.min(details.length, 4) as 1 | 2 | 3 | 4}
              items={details.map(([key, value]) => ({ label: t(`comingSoon.details.${key}`), value }))}
            />
          )}
          <RouterLink href="/">{t('comingSoon.backToDashboard')}</RouterLink>
        </SpaceBetween>
      </Container>
    </ContentLayout>
  );
}

import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../components/RouterLink';

const PAGES = [
  { href: '/organisation-members', key: 'organisation.nav.members' },
  { href: '/organisation-invitations', key: 'organisation.nav.invitations' },
  { href: '/organisation-disabled-members', key: 'organisation.nav.disabled' },
] as const;

export type OrganisationPage = (typeof PAGES)[number]['href'];

/** The three organisation pages, linked from each other (the current one as text). */
export function OrganisationNav({ current }: { current: OrganisationPage }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('organisation.nav.label')}>
      <SpaceBetween direction="horizontal" size="l">
        {PAGES.map((p) =>
          p.href === current ? (
            <Box key={p.href} fontWeight="bold">
              <span aria-current="page">{t(p.key)}</span>
            </Box>
          ) : (
            <RouterLink key={p.href} href={p.href}>
              {t(p.key)}
            </RouterLink>
          ),
        )}
      </SpaceBetween>
    </nav>
  );
}

import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../components/RouterLink';

/** The section's libraries: the spec's pages under Libraries (docs/participants.md). */
const LIBRARIES = [
  { href: '/contacts', title: 'libraries.contacts.title', hint: 'libraries.contacts.hint' },
  { href: '/application-templates', title: 'templates.librariesLink', hint: 'templates.librariesHint' },
] as const;

/**
 * `/libraries`, the Libraries section of the navigation: the organisation's contact library
 * (`/contacts`) and the application templates (`/application-templates`).
 */
export default function LibrariesPage() {
  const { t } = useTranslation();
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('libraries.description')}>
          {t('libraries.title')}
        </Header>
      }
    >
      <ColumnLayout columns={2}>
        {LIBRARIES.map((library) => (
          <Container
            key={library.href}
            fitHeight
            header={
              <Header variant="h2">
                <RouterLink href={library.href} fontSize="inherit">
                  {t(library.title)}
                </RouterLink>
              </Header>
            }
          >
            <Box variant="p">{t(library.hint)}</Box>
          </Container>
        ))}
      </ColumnLayout>
    </ContentLayout>
  );
}

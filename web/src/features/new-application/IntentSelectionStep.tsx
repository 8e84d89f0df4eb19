import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { addressUrl, childApplicationUrl } from './wizard';

export const START_OPTIONS = [
  { id: 'new', href: addressUrl() },
  { id: 'amendment', href: childApplicationUrl('amendment') },
  { id: 'supporting', href: childApplicationUrl('supporting') },
  { id: 'template', href: '/application-templates' },
] as const;

/** /new-application/intent-selection: the start cards. */
export default function IntentSelectionStep() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('newApplication.intent.description')}>
          {t('newApplication.title')}
        </Header>
      }
    >
      <ColumnLayout columns={2}>
        {START_OPTIONS.map((option) => (
          <Container
            key={option.id}
            fitHeight
            header={<Header variant="h2">{t(`newApplication.intent.${option.id}.title`)}</Header>}
            footer={
              <Box float="right">
                <Button
                  variant={option.id === 'new' ? 'primary' : 'normal'}
                  href={option.href}
                  onFollow={(event) => {
                    event.preventDefault();
                    void navigate(option.href);
                  }}
                  ariaLabel={t(`newApplication.intent.${option.id}.title`)}
                >
                  {t(`newApplication.intent.${option.id}.action`)}
                </Button>
              </Box>
            }
          >
            <Box variant="p">{t(`newApplication.intent.${option.id}.body`)}</Box>
          </Container>
        ))}
      </ColumnLayout>
    </ContentLayout>
  );
}

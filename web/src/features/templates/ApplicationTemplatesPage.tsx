import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { applicationKeys, applicationsApi, type V2ListParams } from '../../api/applications';
import { useToasts } from '../../components/toasts';
import { TEMPLATE_PAGE_SIZE, type ApplicationListItem } from '../../../../shared/schemas/applications';
import { useCardActions } from '../applications/ApplicationCards';
import { menuHref } from '../applications/cardModel';
import { TemplateThumbnail } from './TemplatePreviewCard';
import appStyles from '../applications/applications.module.css';
import styles from './templates.module.css';

/** GET /user/applicationsV2?recordType=Template&pageSize=1000&pageIndex=1 (docs/applications.md). */
export const TEMPLATE_LIST: V2ListParams = {
  recordType: 'Template',
  pageSize: TEMPLATE_PAGE_SIZE,
  pageIndex: 1,
};

/** A template's name, description, thumbnail and number of documents. */
export function templateOf(item: ApplicationListItem) {
  return {
    id: item.id,
    name: item.template?.displayName ?? item.name ?? item.formDisplayName ?? item.id,
    description: item.template?.description ?? item.description,
    image: item.template?.thumbnail?.image,
    documents: item.template?.numOfDocuments ?? 0,
  };
}

/** `/application-templates`: the user's templates; start an application from one, or delete it. */
export default function ApplicationTemplatesPage() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const navigate = useNavigate();
  const actions = useCardActions();
  const list = useQuery({
    queryKey: applicationKeys.listV2(TEMPLATE_LIST),
    queryFn: ({ signal }) => applicationsApi.listV2(TEMPLATE_LIST, signal),
  });
  useEffect(() => {
    if (list.isError)
      toasts.show({ type: 'error', content: t('applications.messages.failedToFetchTemplates') });
  }, [list.isError, t, toasts]);
  const templates = (list.data?.items ?? []).map(templateOf);

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('templates.description')}>
          {t('templates.title')}
        </Header>
      }
    >
      {list.isPending ? (
        <Box textAlign="center" padding="l">
          <Spinner size="large" aria-label={t('templates.loading')} />
        </Box>
      ) : templates.length === 0 ? (
        <Container>
          <Box textAlign="center" padding="l">
            <SpaceBetween size="s">
              <Box variant="h2">{t('templates.emptyTitle')}</Box>
              <Box variant="p" color="text-body-secondary">
                {list.isError ? t('applications.messages.failedToFetchTemplates') : t('templates.emptyBody')}
              </Box>
            </SpaceBetween>
          </Box>
        </Container>
      ) : (
        <ul className={appStyles.grid} aria-label={t('templates.title')}>
          {templates.map((template) => (
            <li
              key={template.id}
              className={`${appStyles.item} ${actions.exiting.has(template.id) ? appStyles.exiting : ''}`}
              aria-hidden={actions.exiting.has(template.id) || undefined}
            >
              <Container fitHeight header={<Header variant="h2">{template.name}</Header>}>
                <div className={styles.card}>
                  <TemplateThumbnail name={template.name} image={template.image} />
                  <Box color="text-body-secondary">
                    {template.description || t('templates.noDescription')}
                  </Box>
                  <Box variant="small">{t('templates.documents', { count: template.documents })}</Box>
                  <SpaceBetween size="xs" direction="horizontal">
                    <Button
                      variant="primary"
                      onClick={() => void navigate(menuHref.fromTemplate(template.id))}
                    >
                      {t('templates.start')}
                    </Button>
                    <Button
                      onClick={() =>
                        actions.openDelete({ id: template.id, template: true, label: template.name })
                      }
                      ariaLabel={`${t('templates.delete')}: ${template.name}`}
                    >
                      {t('templates.delete')}
                    </Button>
                  </SpaceBetween>
                </div>
              </Container>
            </li>
          ))}
        </ul>
      )}
      {actions.dialogs}
    </ContentLayout>
  );
}

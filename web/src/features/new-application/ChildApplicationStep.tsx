import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fullAddressOf } from '../../../../shared/domain/address';
import {
  MAX_PAGE_SIZE,
  applicationMessages,
  type ApplicationListItem,
} from '../../../../shared/schemas/applications';
import type { FormDto } from '../../../../shared/schemas/reference';
import { applicationKeys, applicationsApi, type V3ListParams } from '../../api/applications';
import { useToasts } from '../../components/toasts';
import { INTENT_SELECTION_URL, resolveChildApplicationType } from '../../lib/urls/rules';
import { FormChoiceCards } from './FormCard';
import { jurisdictionQuery } from './reference';
import { useCreateApplication } from './useCreateApplication';
import { childApplicationUrl, childCategory, formsFor } from './wizard';

const CONSENTS: V3ListParams = { recordType: 'Consent', pageIndex: 1, pageSize: MAX_PAGE_SIZE };

/**
 * /new-application/child-application?type=amendment|supporting: the user picks one of their
 * consents, then the child form (category Amendment or Supporting) the consent's authority
 * enables; creating posts the child application and opens its form.
 */
export default function ChildApplicationStep() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toasts = useToasts();
  const [search, setSearch] = useSearchParams();
  const type = resolveChildApplicationType(search);
  const parentId = search.get('parent-application-id') ?? undefined;
  const consents = useQuery({
    queryKey: applicationKeys.listV3(CONSENTS),
    queryFn: ({ signal }) => applicationsApi.listV3(CONSENTS, signal),
  });
  const jurisdiction = useQuery(jurisdictionQuery());
  const create = useCreateApplication();
  const [form, setForm] = useState<FormDto | undefined>(undefined);
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    if (consents.isError)
      toasts.show({ type: 'error', content: applicationMessages.failedToFetchApplications });
  }, [consents.isError, toasts]);

  if (!type) return <Navigate to={INTENT_SELECTION_URL} replace />;
  const items = consents.data?.items ?? [];
  const parent = items.find((a) => a.id === parentId);
  const authority = jurisdiction.data?.authorities.find((a) => a.id === parent?.authorityId);
  const category = childCategory(type);
  const forms = parent ? formsFor(jurisdiction.data?.forms ?? [], authority, category) : [];

  const pickParent = (next: ApplicationListItem | undefined) => {
    setForm(undefined);
    setSubmitted(false);
    setSearch(new URL(childApplicationUrl(type, next?.id), 'http://x').searchParams, { replace: true });
  };

  const submit = () => {
    setSubmitted(true);
    if (!parent || !form) return;
    create.mutate({ kind: 'child', parentId: parent.id, formId: form.id });
  };

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t(`newApplication.child.${type}.description`)}>
          {t(`newApplication.child.${type}.title`)}
        </Header>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Form
          errorText={
            submitted && !parent
              ? t('newApplication.child.consentRequired')
              : submitted && !form
                ? t('newApplication.forms.required')
                : undefined
          }
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button formAction="none" onClick={() => void navigate(INTENT_SELECTION_URL)}>
                {t('newApplication.back')}
              </Button>
              <Button variant="primary" formAction="submit" loading={create.isPending}>
                {t('newApplication.create')}
              </Button>
            </SpaceBetween>
          }
        >
          <SpaceBetween size="l">
            {consents.isError ? (
              <Alert
                type="error"
                action={<Button onClick={() => void consents.refetch()}>{t('newApplication.retry')}</Button>}
              >
                {applicationMessages.failedToFetchApplications}
              </Alert>
            ) : (
              <Cards<ApplicationListItem>
                loading={consents.isPending}
                loadingText={t('newApplication.loading')}
                items={items}
                trackBy="id"
                selectionType="single"
                entireCardClickable
                selectedItems={parent ? [parent] : []}
                onSelectionChange={({ detail }) => pickParent(detail.selectedItems[0])}
                ariaLabels={{
                  itemSelectionLabel: (_, item) => item.consentNumber ?? item.id,
                  selectionGroupLabel: t('newApplication.child.consents'),
                }}
                header={
                  <Header variant="h2" counter={consents.isSuccess ? `(${items.length})` : undefined}>
                    {t('newApplication.child.consents')}
                  </Header>
                }
                cardDefinition={{
                  header: (item) => item.consentNumber ?? item.applicationNumber ?? item.id,
                  sections: [
                    {
                      id: 'form',
                      header: t('newApplication.child.form'),
                      content: (i) => i.formDisplayName ?? '-',
                    },
                    {
                      id: 'address',
                      header: t('newApplication.child.address'),
                      content: (i) => fullAddressOf(i.address) || '-',
                    },
                    {
                      id: 'authority',
                      header: t('newApplication.child.authority'),
                      content: (i) => i.authorityDisplayName ?? i.authorityId,
                    },
                  ],
                }}
                empty={
                  <Box textAlign="center" color="inherit">
                    {t('newApplication.child.noConsents')}
                  </Box>
                }
              />
            )}
            {parent && (
              <FormChoiceCards
                loading={jurisdiction.isPending}
                forms={forms}
                selected={form}
                onSelect={setForm}
                heading={t('newApplication.forms.title')}
                empty={
                  jurisdiction.isError
                    ? t('newApplication.referenceFailed')
                    : t('newApplication.forms.empty', {
                        authority: authority?.displayName ?? parent.authorityId,
                      })
                }
              />
            )}
          </SpaceBetween>
        </Form>
      </form>
    </ContentLayout>
  );
}

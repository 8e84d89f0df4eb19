import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fullAddressOf } from '../../../../shared/domain/address';
import type { FormDto } from '../../../../shared/schemas/reference';
import { INTENT_SELECTION_URL } from '../../lib/urls/rules';
import { FormChoiceCards } from './FormCard';
import { jurisdictionQuery } from './reference';
import { useCreateApplication } from './useCreateApplication';
import {
  addressUrl,
  applicationAddress,
  createRequest,
  formsFor,
  parseFormSelectionQuery,
  propertyRecordsUrl,
} from './wizard';

/**
 * /new-application/form-selection: the forms of the category (Standalone by default) that the
 * authority enables, as cards with image, name and description. Creating opens the new form.
 */
export default function FormSelectionStep() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const query = parseFormSelectionQuery(search);
  const jurisdiction = useQuery(jurisdictionQuery());
  const create = useCreateApplication();
  const [selected, setSelected] = useState<FormDto | undefined>(undefined);
  const [submitted, setSubmitted] = useState(false);

  if (!query) return <Navigate to={INTENT_SELECTION_URL} replace />;
  const authority = jurisdiction.data?.authorities.find((a) => a.id === query.authorityId);
  const forms = formsFor(jurisdiction.data?.forms ?? [], authority, query.category);

  const back = () => {
    const q = { address: query.address, authorityId: query.authorityId };
    void navigate(
      authority?.propertyLookupEnabled
        ? propertyRecordsUrl({ ...q, parcelId: query.parcel?.parcelId })
        : addressUrl(q),
    );
  };

  const submit = () => {
    setSubmitted(true);
    if (!selected || !authority) return;
    if (query.parentApplicationId && query.category !== 'Standalone') {
      create.mutate({ kind: 'child', parentId: query.parentApplicationId, formId: selected.id });
      return;
    }
    create.mutate({
      kind: 'application',
      body: createRequest(applicationAddress(query.address, query.parcel), authority.id, selected.id),
    });
  };

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={[fullAddressOf(query.address), authority?.displayName].filter(Boolean).join(' · ')}
        >
          {t('newApplication.forms.title')}
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
          errorText={submitted && !selected ? t('newApplication.forms.required') : undefined}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button formAction="none" onClick={back}>
                {t('newApplication.back')}
              </Button>
              <Button variant="primary" formAction="submit" loading={create.isPending}>
                {t('newApplication.create')}
              </Button>
            </SpaceBetween>
          }
        >
          {jurisdiction.isPending ? (
            <StatusIndicator type="loading">{t('newApplication.loading')}</StatusIndicator>
          ) : jurisdiction.isError ? (
            <Alert type="error">{t('newApplication.referenceFailed')}</Alert>
          ) : !authority ? (
            <Alert type="error">{t('newApplication.parcels.unknownAuthority')}</Alert>
          ) : (
            <FormChoiceCards
              forms={forms}
              selected={selected}
              onSelect={setSelected}
              heading={t('newApplication.forms.listTitle', { authority: authority.displayName })}
              empty={t('newApplication.forms.empty', { authority: authority.displayName })}
            />
          )}
        </Form>
      </form>
    </ContentLayout>
  );
}

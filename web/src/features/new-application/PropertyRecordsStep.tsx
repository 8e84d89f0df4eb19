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
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fullAddressOf } from '../../../../shared/domain/address';
import type { Parcel } from '../../../../shared/schemas/lookups';
import { useToasts } from '../../components/toasts';
import { parsePropertyQuery } from '../../lib/urls/propertyQuery';
import { jurisdictionQuery, parcelsQuery } from './reference';
import { useCreateApplication } from './useCreateApplication';
import { addressUrl, afterPropertyRecords, applicationAddress, copyRequest, parseIntention } from './wizard';

/**
 * /new-application/authority-property-records: the parcels the authority's property lookup knows
 * for the address; the user picks one (legal description, lot, DP, valuation number). An authority
 * without a property lookup (or an address without parcels) continues without one.
 */
export default function PropertyRecordsStep() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toasts = useToasts();
  const [search, setSearch] = useSearchParams();
  const parsed = parsePropertyQuery(search);
  const jurisdiction = useQuery(jurisdictionQuery());
  const authority = jurisdiction.data?.authorities.find((a) => a.id === parsed?.authorityId);
  const lookup = authority?.propertyLookupEnabled === true;
  const parcels = useQuery({
    ...parcelsQuery(parsed?.authorityId ?? '', parsed?.address ?? {}),
    enabled: parsed !== undefined && lookup,
  });
  const create = useCreateApplication();
  const pickedId = search.get('parcel-id') ?? undefined;
  const [selected, setSelected] = useState<string | undefined>(pickedId);
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    if (parcels.isError) toasts.show({ type: 'error', content: parcels.error.message });
  }, [parcels.isError, parcels.error, toasts]);

  if (!parsed) return <Navigate to="/" replace />;
  const intention = parseIntention(parsed.intention);
  const q = {
    intention,
    refApplicationId: parsed.refApplicationId,
    address: parsed.address,
    authorityId: parsed.authorityId,
  };
  const list = parcels.data ?? [];
  const parcel = list.find((p) => p.parcelId === selected);
  const mustPick = lookup && list.length > 0;
  const ready = jurisdiction.isSuccess && (!lookup || parcels.isSuccess);

  const pick = (next: Parcel | undefined) => {
    setSelected(next?.parcelId);
    const params = new URLSearchParams(search);
    if (next) params.set('parcel-id', next.parcelId);
    else params.delete('parcel-id');
    setSearch(params, { replace: true });
  };

  const next = () => {
    setSubmitted(true);
    if (!ready || (mustPick && !parcel)) return;
    const step = afterPropertyRecords(q, parcel);
    if (step !== 'create') {
      void navigate(step.url);
      return;
    }
    create.mutate({
      kind: 'application',
      body: copyRequest(
        intention!,
        q.refApplicationId!,
        applicationAddress(q.address, parcel),
        q.authorityId,
      ),
    });
  };

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={fullAddressOf(parsed.address)}>
          {t('newApplication.parcels.title')}
        </Header>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          next();
        }}
      >
        <Form
          errorText={submitted && mustPick && !parcel ? t('newApplication.parcels.required') : undefined}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button formAction="none" onClick={() => void navigate(addressUrl(q))}>
                {t('newApplication.back')}
              </Button>
              <Button variant="primary" formAction="submit" loading={create.isPending} disabled={!ready}>
                {intention && q.refApplicationId ? t('newApplication.create') : t('newApplication.next')}
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
          ) : !lookup ? (
            <Alert type="info">
              {t('newApplication.parcels.noLookup', { authority: authority.displayName })}
            </Alert>
          ) : parcels.isError ? (
            <Alert
              type="error"
              action={<Button onClick={() => void parcels.refetch()}>{t('newApplication.retry')}</Button>}
            >
              {parcels.error.message}
            </Alert>
          ) : (
            <Cards<Parcel>
              loading={parcels.isPending}
              loadingText={t('newApplication.parcels.loading')}
              items={list}
              trackBy="parcelId"
              selectionType="single"
              // The whole card selects; its radio stays the one keyboard stop of the group.
              entireCardClickable
              selectedItems={parcel ? [parcel] : []}
              onSelectionChange={({ detail }) => pick(detail.selectedItems[0])}
              ariaLabels={{
                itemSelectionLabel: (_, item) => item.legalDescription,
                selectionGroupLabel: t('newApplication.parcels.title'),
              }}
              header={
                <Header
                  variant="h2"
                  counter={parcels.isSuccess ? `(${list.length})` : undefined}
                  description={t('newApplication.parcels.hint')}
                >
                  {t('newApplication.parcels.listTitle', { authority: authority.displayName })}
                </Header>
              }
              cardDefinition={{
                header: (item) => item.legalDescription,
                sections: [
                  {
                    id: 'ratingAddress',
                    header: t('newApplication.parcels.ratingAddress'),
                    content: (i) => i.ratingAddress,
                  },
                  { id: 'lot', header: t('newApplication.parcels.lot'), content: (i) => i.lotNumber ?? '-' },
                  { id: 'dp', header: t('newApplication.parcels.dp'), content: (i) => i.dpNumber ?? '-' },
                  {
                    id: 'valuation',
                    header: t('newApplication.parcels.valuation'),
                    content: (i) => i.valuationNumber ?? '-',
                  },
                ],
              }}
              empty={
                <Box textAlign="center" color="inherit">
                  {t('newApplication.parcels.empty')}
                </Box>
              }
            />
          )}
        </Form>
      </form>
    </ContentLayout>
  );
}

import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Address } from '../../../../shared/schemas/common';
import { fullAddressOf, isSameSite } from '../../../../shared/domain/address';
import { applicationKeys, applicationsApi } from '../../api/applications';
import { isServiceError } from '../../api/errors';
import { INTENT_SELECTION_URL } from '../../lib/urls/rules';
import AddressEntry from '../address/AddressEntry';
import { SiteMap } from '../../components/site-map/SiteMap';
import AuthorityInfoCard from '../authority/AuthorityInfoCard';
import { safeWebsite } from '../authority/authority';
import { useCurrentUser } from '../shell/useCurrentUser';
import { detectionParams, detectionQuery, jurisdictionQuery } from './reference';
import { useCreateApplication } from './useCreateApplication';
import {
  addressUrl,
  afterAddress,
  applicationAddress,
  authorityChoices,
  authorityNotTakingApplications,
  copyRequest,
  initialAuthority,
  isSiteAddress,
  parseAddressStepQuery,
  siteOf,
  takesApplications,
} from './wizard';

/**
 * /new-application/address: the site address (NZ Post lookup or manual entry), the authority
 * detected for it (with its info card) and the user's choice of authority. Duplicating or starting
 * from a template shows the source application and starts from its address.
 */
export default function AddressStep() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [search, setSearch] = useSearchParams();
  const query = parseAddressStepQuery(search);
  const copying = query.intention !== undefined && query.refApplicationId !== undefined;

  const source = useQuery({
    queryKey: applicationKeys.detail(query.refApplicationId ?? ''),
    queryFn: ({ signal }) => applicationsApi.get(query.refApplicationId!, signal),
    enabled: copying,
  });
  const jurisdiction = useQuery(jurisdictionQuery());

  const [address, setAddress] = useState<Address | null>(query.address ?? null);
  const [authorityId, setAuthorityId] = useState<string | undefined>(query.authorityId);
  const [submitted, setSubmitted] = useState(false);

  // Who chose the authority: the user (their pick stays), the source application of a copy (for
  // its own address only) or nobody (a new detection chooses it).
  const [chosenBy, setChosenBy] = useState<'user' | 'source' | undefined>(
    query.authorityId !== undefined ? 'user' : undefined,
  );

  // The source's address is where a copy starts, unless the URL already holds a choice.
  const sourceAddress = source.data?.application.address;
  const [prefilled, setPrefilled] = useState(query.address !== undefined);
  if (!prefilled && sourceAddress) {
    setPrefilled(true);
    setAddress(siteOf(sourceAddress));
    setAuthorityId((current) => current ?? source.data?.application.authorityId);
    // Detecting the source's own address does not replace the source's authority.
    setChosenBy((current) => current ?? 'source');
  }

  const detectBy = address && isSiteAddress(address) ? detectionParams(address) : undefined;
  const detection = useQuery({ ...detectionQuery(detectBy ?? {}), enabled: detectBy !== undefined });
  const choices = authorityChoices(jurisdiction.data?.authorities ?? [], user);

  const detected = detection.data;
  const [seenDetection, setSeenDetection] = useState<string | null | undefined>(undefined);
  if (detected !== undefined && detected !== seenDetection && jurisdiction.data) {
    setSeenDetection(detected);
    if (!chosenBy) setAuthorityId(initialAuthority(choices, detected, user));
  }

  // Another address than the source's: its authority is detected again, as for a new application.
  const changeAddress = (next: Address | null) => {
    setAddress(next);
    const moved = !isSameSite(next, sourceAddress);
    if (chosenBy === 'source' && moved) {
      setChosenBy(undefined);
      setSeenDetection(undefined);
    }
  };

  // The URL follows the choices, so Back from the next step (or a reload) finds them again.
  useEffect(() => {
    const wanted = new URL(addressUrl({ ...query, address: address ?? undefined, authorityId }), 'http://x')
      .searchParams;
    if (wanted.toString() !== search.toString()) setSearch(wanted, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [address, authorityId]);

  const authority = choices.find((a) => a.id === authorityId && takesApplications(a));
  const notTaking = authorityNotTakingApplications(choices, authorityId, detected);
  const notTakingWebsite = notTaking && safeWebsite(notTaking.website);
  const create = useCreateApplication();

  const next = () => {
    setSubmitted(true);
    if (!isSiteAddress(address) || !authority) return;
    const q = { ...query, address, authorityId: authority.id };
    const step = afterAddress(q, authority);
    if (step !== 'create') {
      void navigate(step.url);
      return;
    }
    create.mutate({
      kind: 'application',
      body: copyRequest(query.intention!, query.refApplicationId!, applicationAddress(address), authority.id),
    });
  };

  const addressError =
    submitted && !isSiteAddress(address) ? t('newApplication.address.required') : undefined;
  const authorityError = submitted && !authority ? t('newApplication.address.authorityRequired') : undefined;

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('newApplication.address.description')}>
          {copying
            ? t(
                query.intention === 'from-template'
                  ? 'newApplication.address.titleTemplate'
                  : 'newApplication.address.titleDuplicate',
              )
            : t('newApplication.address.title')}
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
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button formAction="none" onClick={() => void navigate(INTENT_SELECTION_URL)}>
                {t('newApplication.back')}
              </Button>
              <Button variant="primary" formAction="submit" loading={create.isPending}>
                {copying && authority && !authority.propertyLookupEnabled
                  ? t('newApplication.create')
                  : t('newApplication.next')}
              </Button>
            </SpaceBetween>
          }
        >
          <SpaceBetween size="l">
            {copying && (
              <Container header={<Header variant="h2">{t('newApplication.address.source')}</Header>}>
                {source.isPending ? (
                  <StatusIndicator type="loading">{t('newApplication.loading')}</StatusIndicator>
                ) : source.isError ? (
                  <Alert type="error">
                    {isServiceError(source.error, 'ResourceNotFound')
                      ? source.error.message
                      : t('newApplication.address.sourceFailed', { id: query.refApplicationId })}
                  </Alert>
                ) : (
                  <KeyValuePairs
                    columns={3}
                    items={[
                      // A template by its name (its number would be the raw id).
                      ...(source.data.template
                        ? [
                            {
                              label: t('newApplication.address.sourceTemplate'),
                              value: source.data.template.displayName,
                            },
                          ]
                        : []),
                      {
                        label: t('newApplication.address.sourceForm'),
                        value: source.data.application.formDisplayName ?? '-',
                      },
                      ...(source.data.template
                        ? []
                        : [
                            {
                              label: t('newApplication.address.sourceNumber'),
                              value:
                                source.data.application.consentNumber ??
                                source.data.application.applicationNumber ??
                                '-',
                            },
                          ]),
                      {
                        label: t('newApplication.address.sourceAddress'),
                        value: fullAddressOf(source.data.application.address) || '-',
                      },
                    ]}
                  />
                )}
              </Container>
            )}
            <Container header={<Header variant="h2">{t('newApplication.address.siteTitle')}</Header>}>
              <SpaceBetween size="l">
                <AddressEntry
                  key={prefilled ? 'prefilled' : 'empty'}
                  label={t('newApplication.address.label')}
                  value={address}
                  onChange={changeAddress}
                  required
                  errorText={addressError}
                  showAllErrors={submitted}
                />
                {/* The picked address on a map (when the lookup gave its coordinates). */}
                <SiteMap address={address} />
                <FormField
                  label={t('newApplication.address.authority')}
                  description={
                    detection.isFetching
                      ? t('newApplication.address.detecting')
                      : detectBy && detected === null
                        ? t('newApplication.address.notDetected')
                        : t('newApplication.address.authorityHint')
                  }
                  errorText={authorityError}
                >
                  <Select
                    selectedOption={authority ? { value: authority.id, label: authority.displayName } : null}
                    options={choices.map((a) =>
                      takesApplications(a)
                        ? { value: a.id, label: a.displayName }
                        : {
                            value: a.id,
                            label: a.displayName,
                            description: t('newApplication.address.notTakingOption'),
                            disabled: true,
                          },
                    )}
                    onChange={({ detail }) => {
                      setChosenBy('user');
                      setAuthorityId(detail.selectedOption.value);
                    }}
                    placeholder={t('newApplication.address.authorityPlaceholder')}
                    statusType={
                      jurisdiction.isPending ? 'loading' : jurisdiction.isError ? 'error' : 'finished'
                    }
                    loadingText={t('newApplication.loading')}
                    errorText={t('newApplication.referenceFailed')}
                    filteringType="auto"
                    invalid={!!authorityError}
                    ariaRequired
                  />
                </FormField>
              </SpaceBetween>
            </Container>
            {notTaking && (
              <Alert
                type="info"
                header={t('newApplication.address.notTakingTitle', { name: notTaking.displayName })}
              >
                {t('newApplication.address.notTakingBody')}{' '}
                {notTakingWebsite && (
                  <Link href={notTakingWebsite} external externalIconAriaLabel={t('shell.externalLink')}>
                    {notTaking.website}
                  </Link>
                )}
              </Alert>
            )}
            {authority && <AuthorityInfoCard authority={authority} />}
          </SpaceBetween>
        </Form>
      </form>
    </ContentLayout>
  );
}

import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Multiselect from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type UIEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { applicationHref, statusLabel } from '../../../../shared/domain/applications';
import type { ApplicationStatus } from '../../../../shared/schemas/applications';
import type { ApplicationSearchItem } from '../../../../shared/schemas/access-requests';
import { accessRequestKeys, accessRequestsApi, type AccessSearchParams } from '../../api/access-requests';
import AddressPicker from '../address/AddressPicker';
import { useToasts } from '../../components/toasts';
import { jurisdictionQuery } from '../new-application/reference';
import { useRequestAccess } from './queries';
import AccessSubmittedDialog from './AccessSubmittedDialog';
import { searchOf, type AccessSearchForm } from './search';

/** Load the next page when the results are scrolled past this share (docs/access-requests.md: 90%). */
const LOAD_MORE_AT = 0.9;

const EMPTY: AccessSearchForm = { mode: 'simple', address: null, applicationNumber: '', authorities: [] };

/**
 * 'Request access to a project' (docs/access-requests.md): search by address, or (advanced) by project
 * number and at least one authority, with Back to the address search; the results (Project ID,
 * Project, Address, Authority, Status, Action) load more pages on scroll; a result the user can
 * already see offers Open, any other Request access, which ends in 'Access request submitted'.
 */
export default function RequestAccessDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const navigate = useNavigate();
  const [form, setForm] = useState<AccessSearchForm>(EMPTY);
  const [tried, setTried] = useState(false);
  const [query, setQuery] = useState<AccessSearchParams>();
  const [submitted, setSubmitted] = useState(false);
  const authorities = useQuery({ ...jurisdictionQuery(), enabled: form.mode === 'advanced' });
  const request = useRequestAccess();

  const results = useInfiniteQuery({
    queryKey: accessRequestKeys.search(query ?? {}),
    queryFn: ({ pageParam, signal }) => accessRequestsApi.search({ ...query!, pageIndex: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.pageIndex + 1 : undefined),
    enabled: !!query,
  });
  useEffect(() => {
    if (results.isError) toasts.show({ type: 'error', content: t('accessRequests.search.failed') });
  }, [results.isError, t, toasts]);

  // A Search pressed while the picked address is still being retrieved runs once it arrives, rather
  // than calling the address missing (docs/access-requests.md).
  const [retrieving, setRetrieving] = useState(false);
  const [searchOnArrival, setSearchOnArrival] = useState(false);
  const check = searchOf(form);
  const issue = (field: string) => (tried ? check.issues?.find((i) => i.field === field)?.reason : undefined);
  const search = () => {
    if (form.mode === 'simple' && retrieving) return setSearchOnArrival(true);
    setTried(true);
    if (check.query) setQuery(check.query);
  };
  // The retrieval ended: with the address in, the waiting search runs; a failed retrieval shows the
  // picker's own message and nothing runs.
  if (searchOnArrival && !retrieving) {
    setSearchOnArrival(false);
    if (form.address) search();
  }
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    if (
      el.scrollTop + el.clientHeight >= LOAD_MORE_AT * el.scrollHeight &&
      results.hasNextPage &&
      !results.isFetchingNextPage
    )
      void results.fetchNextPage();
  };
  const items = results.data?.pages.flatMap((p) => p.items) ?? [];
  const authorityOptions = (authorities.data?.authorities ?? []).map((a) => ({
    value: a.id,
    label: a.displayName,
  }));

  if (submitted) return <AccessSubmittedDialog onClose={onClose} />;
  return (
    <Modal
      visible
      size="large"
      onDismiss={onClose}
      header={t('accessRequests.request.title')}
      closeAriaLabel={t('applications.dialogs.close')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose}>
              {t('applications.dialogs.cancel')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="l">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            search();
          }}
        >
          <SpaceBetween size="m">
            {form.mode === 'simple' ? (
              <AddressPicker
                label={t('accessRequests.search.address')}
                value={form.address}
                errorText={issue('address')}
                onChange={(address) => setForm((f) => ({ ...f, address }))}
                onRetrieving={setRetrieving}
              />
            ) : (
              <>
                <FormField
                  label={t('accessRequests.search.projectNumber')}
                  errorText={issue('applicationNumber')}
                >
                  <Input
                    value={form.applicationNumber}
                    onChange={({ detail }) => setForm({ ...form, applicationNumber: detail.value })}
                  />
                </FormField>
                <FormField label={t('accessRequests.search.authorities')} errorText={issue('authorities')}>
                  <Multiselect
                    selectedOptions={authorityOptions.filter((o) => form.authorities.includes(o.value))}
                    options={authorityOptions}
                    statusType={authorities.isPending ? 'loading' : 'finished'}
                    loadingText={t('accessRequests.search.loadingAuthorities')}
                    placeholder={t('accessRequests.search.chooseAuthorities')}
                    onChange={({ detail }) =>
                      setForm({ ...form, authorities: detail.selectedOptions.map((o) => o.value!) })
                    }
                  />
                </FormField>
              </>
            )}
            <SpaceBetween direction="horizontal" size="xs">
              {form.mode === 'advanced' && (
                <Button
                  formAction="none"
                  onClick={() => (setForm({ ...form, mode: 'simple' }), setTried(false))}
                >
                  {t('accessRequests.search.back')}
                </Button>
              )}
              <Button variant="primary" loading={searchOnArrival}>
                {t('accessRequests.search.submit')}
              </Button>
              {form.mode === 'simple' && (
                <Button
                  formAction="none"
                  variant="link"
                  onClick={() => (setForm({ ...form, mode: 'advanced' }), setTried(false))}
                >
                  {t('accessRequests.search.advanced')}
                </Button>
              )}
            </SpaceBetween>
          </SpaceBetween>
        </form>
        {query && (
          <div
            style={{ maxHeight: '50vh', overflowY: 'auto' }}
            onScroll={onScroll}
            data-testid="access-results"
          >
            <Table<ApplicationSearchItem>
              variant="embedded"
              ariaLabels={{ tableLabel: t('accessRequests.search.results') }}
              items={items}
              loading={results.isPending || results.isFetchingNextPage}
              loadingText={t('accessRequests.search.loading')}
              empty={t('accessRequests.search.empty')}
              trackBy="applicationId"
              columnDefinitions={[
                {
                  id: 'id',
                  header: t('accessRequests.columns.projectId'),
                  cell: (r) => r.consentNumber ?? r.applicationNumber,
                },
                {
                  id: 'project',
                  header: t('accessRequests.columns.project'),
                  cell: (r) => r.formDisplayName,
                },
                {
                  id: 'address',
                  header: t('accessRequests.columns.address'),
                  cell: (r) => r.address?.fullAddress,
                },
                {
                  id: 'authority',
                  header: t('accessRequests.columns.authority'),
                  cell: (r) => r.authorityDisplayName,
                },
                {
                  id: 'status',
                  header: t('accessRequests.columns.status'),
                  cell: (r) => statusLabel(r.status as ApplicationStatus),
                },
                {
                  id: 'action',
                  header: t('accessRequests.columns.action'),
                  cell: (r) =>
                    r.accessLevel ? (
                      <Button
                        ariaLabel={t('accessRequests.search.openLabel', { id: r.applicationNumber })}
                        onClick={() => {
                          onClose();
                          void navigate(
                            applicationHref({ id: r.applicationId, status: r.status as ApplicationStatus }),
                          );
                        }}
                      >
                        {t('accessRequests.search.open')}
                      </Button>
                    ) : (
                      <Button
                        ariaLabel={t('accessRequests.search.requestLabel', { id: r.applicationNumber })}
                        loading={request.isPending && request.variables === r.applicationId}
                        disabled={request.isPending}
                        onClick={() =>
                          request.mutate(r.applicationId, { onSuccess: () => setSubmitted(true) })
                        }
                      >
                        {t('accessRequests.search.request')}
                      </Button>
                    ),
                },
              ]}
            />
          </div>
        )}
      </SpaceBetween>
    </Modal>
  );
}

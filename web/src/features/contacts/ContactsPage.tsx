import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactDto } from '../../../../shared/schemas/contacts';
import { CONTACT_PAGE_SIZE } from '../../../../shared/schemas/contacts';
import type { QualificationType } from '../../../../shared/schemas/reference';
import { OTHER_QUALIFICATION } from '../../../../shared/domain/qualifications';
import { contactKeys, contactsApi } from '../../api/contacts';
import { formatDate } from '../../lib/dates';
import { useDebounced } from '../../lib/useDebounced';
import { useToasts } from '../../components/toasts';
import { effectiveSearch, SEARCH_DEBOUNCE_MS } from '../applications/listModel';
import { participantName } from '../participants/ParticipantCard';
import { ContactDialog } from './ContactDialog';
import { useQualificationTypes } from '../participants/LicencesField';
import { DeleteContactDialog } from './DeleteContactDialog';

type Dialog =
  { kind: 'add' } | { kind: 'edit'; contact: ContactDto } | { kind: 'delete'; contact: ContactDto };

/** A licence as the list shows it: the type's name (or the Other text) and the number. */
function licenceLabel(q: ContactDto['qualifications'][number], types: readonly QualificationType[]) {
  const name =
    q.qualificationName === OTHER_QUALIFICATION
      ? (q.otherQualificationType ?? q.qualificationName)
      : (types.find((k) => k.name === q.qualificationName)?.displayName ?? q.qualificationName);
  return [name, q.qualificationNumber].filter(Boolean).join(' ');
}

/**
 * `/contacts`: the organisation's contact library (docs/participants.md page size
 * 10): search (at least 2 characters, debounced 1000 ms), pages of ten, add, edit and delete, each
 * contact's licences with the LBP register's warnings. A failed read is 'Failed to fetch contacts'.
 */
export default function ContactsPage() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const types = useQualificationTypes();
  const [text, setText] = useState('');
  const searchText = effectiveSearch(useDebounced(text, SEARCH_DEBOUNCE_MS)) ?? '';
  // The page belongs to its search: a new search starts on page 1.
  const [paging, setPaging] = useState({ searchText, page: 1 });
  const page = paging.searchText === searchText ? paging.page : 1;
  const [dialog, setDialog] = useState<Dialog>();

  const list = useQuery({
    queryKey: contactKeys.search({ searchText, page }),
    queryFn: ({ signal }) => contactsApi.search({ searchText, page }, signal),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (list.isError) toasts.show({ type: 'error', content: t('contacts.fetchFailed') });
  }, [list.isError, t, toasts]);

  const total = list.data?.total ?? 0;
  const pagesCount = Math.max(1, Math.ceil(total / CONTACT_PAGE_SIZE));
  const countText =
    text.trim() && !effectiveSearch(text)
      ? t('contacts.searchHint')
      : searchText && list.data
        ? t('contacts.matches', { count: total })
        : undefined;
  const items = list.isError ? [] : (list.data?.items ?? []);
  const columns: TableProps.ColumnDefinition<ContactDto>[] = [
    { id: 'name', header: t('contacts.columns.name'), cell: (c) => participantName(c), isRowHeader: true },
    { id: 'organisation', header: t('contacts.columns.organisation'), cell: (c) => c.organisation || '—' },
    { id: 'email', header: t('contacts.columns.email'), cell: (c) => c.email || '—' },
    {
      id: 'phone',
      header: t('contacts.columns.phone'),
      cell: (c) => (c.phone ? [c.phoneCountryCode, c.phone].filter(Boolean).join(' ') : '—'),
    },
    {
      id: 'licences',
      header: t('contacts.columns.licences'),
      cell: (c) =>
        c.qualifications.length === 0 ? (
          '—'
        ) : (
          <SpaceBetween size="xxs">
            {c.qualifications.map((q) => (
              <SpaceBetween size="xxs" key={`${q.qualificationName}-${q.qualificationNumber ?? ''}`}>
                <Box>{licenceLabel(q, types.data ?? [])}</Box>
                {q.warnings.map((w) => (
                  <StatusIndicator key={w.label + w.warning} type="warning">
                    {w.warning}
                  </StatusIndicator>
                ))}
              </SpaceBetween>
            ))}
          </SpaceBetween>
        ),
    },
    {
      id: 'lastUsed',
      header: t('contacts.columns.lastUsed'),
      cell: (c) => (c.lastUsed ? formatDate(c.lastUsed) : t('contacts.neverUsed')),
    },
    {
      id: 'actions',
      header: t('contacts.columns.actions'),
      cell: (c) => (
        <SpaceBetween direction="horizontal" size="xs">
          <Button
            variant="inline-link"
            ariaLabel={t('contacts.editOne', { name: participantName(c) })}
            onClick={() => setDialog({ kind: 'edit', contact: c })}
          >
            {t('contacts.edit')}
          </Button>
          <Button
            variant="inline-link"
            ariaLabel={t('contacts.deleteOne', { name: participantName(c) })}
            onClick={() => setDialog({ kind: 'delete', contact: c })}
          >
            {t('contacts.delete')}
          </Button>
        </SpaceBetween>
      ),
    },
  ];

  const empty = list.isError ? (
    <Box textAlign="center" color="text-status-error">
      {t('contacts.fetchFailed')}
    </Box>
  ) : (
    <Box textAlign="center" color="inherit">
      <SpaceBetween size="xs">
        <Box variant="strong" color="inherit">
          {t(searchText ? 'contacts.noMatchesTitle' : 'contacts.emptyTitle')}
        </Box>
        <Box variant="p" color="inherit">
          {searchText ? t('contacts.noMatchesBody', { text: searchText }) : t('contacts.emptyBody')}
        </Box>
      </SpaceBetween>
    </Box>
  );

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('contacts.description')}>
          {t('contacts.title')}
        </Header>
      }
    >
      <Table
        variant="container"
        items={items}
        columnDefinitions={columns}
        trackBy="id"
        loading={list.isPending || (list.isPlaceholderData && list.isFetching)}
        loadingText={t('contacts.loading')}
        empty={empty}
        ariaLabels={{ tableLabel: t('contacts.title') }}
        header={
          <Header
            variant="h2"
            counter={list.data && !list.isError ? `(${total})` : undefined}
            actions={
              <Button variant="primary" onClick={() => setDialog({ kind: 'add' })}>
                {t('contacts.add')}
              </Button>
            }
          >
            {t('contacts.listTitle')}
          </Header>
        }
        filter={
          <TextFilter
            filteringText={text}
            filteringAriaLabel={t('contacts.searchLabel')}
            filteringPlaceholder={t('contacts.searchPlaceholder')}
            filteringClearAriaLabel={t('contacts.searchClear')}
            countText={countText}
            onChange={({ detail }) => setText(detail.filteringText)}
          />
        }
        pagination={
          <Pagination
            currentPageIndex={Math.min(page, pagesCount)}
            pagesCount={pagesCount}
            ariaLabels={{
              nextPageLabel: t('contacts.pagination.next'),
              previousPageLabel: t('contacts.pagination.previous'),
              pageLabel: (n) => t('contacts.pagination.page', { n }),
            }}
            onChange={({ detail }) => setPaging({ searchText, page: detail.currentPageIndex })}
          />
        }
      />
      {dialog?.kind === 'add' && <ContactDialog onClose={() => setDialog(undefined)} />}
      {dialog?.kind === 'edit' && (
        <ContactDialog contact={dialog.contact} onClose={() => setDialog(undefined)} />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteContactDialog
          contact={dialog.contact}
          onClose={() => setDialog(undefined)}
          // Deleting the last contact of a page goes back a page.
          onDeleted={() => items.length === 1 && page > 1 && setPaging({ searchText, page: page - 1 })}
        />
      )}
    </ContentLayout>
  );
}

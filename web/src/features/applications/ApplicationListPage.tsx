import { useEffect, useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Multiselect from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Tabs from '../../components/Tabs';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { applicationKeys, applicationsApi } from '../../api/applications';
import { useToasts } from '../../components/toasts';
import { RouterLink } from '../../components/RouterLink';
import { useDebounced } from '../../lib/useDebounced';
import type { ApplicationFilters } from '../../../../shared/schemas/applications';
import { ApplicationCards } from './ApplicationCards';
import {
  FILTER_GROUPS,
  LIST_TABS,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MIN_CHARS,
  activeFilterCount,
  effectiveSearch,
  listParams,
  matchesNothing,
  openingTab,
  tabCount,
  type FilterGroup,
  type FilterValues,
  type ListKind,
  type ListTab,
} from './listModel';
import styles from './applications.module.css';

const FILTER_SOURCE: Record<FilterGroup, keyof ApplicationFilters> = {
  BCA: 'authorities',
  Form: 'forms',
  Status: 'statuses',
  Complexity: 'complexities',
  OutstandingAction: 'outstandingActions',
};

/** Shows an error toast once each time `failed` turns true. */
function useErrorToast(failed: boolean, message: string) {
  const toasts = useToasts();
  useEffect(() => {
    if (failed) toasts.show({ type: 'error', content: message });
  }, [failed, message, toasts]);
}

function Filters({ value, onChange }: { value: FilterValues; onChange: (next: FilterValues) => void }) {
  const { t } = useTranslation();
  const filters = useQuery({
    queryKey: applicationKeys.filters(),
    queryFn: ({ signal }) => applicationsApi.filters(signal),
  });
  useErrorToast(filters.isError, t('applications.messages.failedToFetchFilters'));
  return (
    <>
      {FILTER_GROUPS.map((group) => {
        const options = (filters.data?.[FILTER_SOURCE[group]] ?? []).map((o) => ({
          value: o.id,
          label: o.name,
        }));
        const selected = value[group] ?? [];
        return (
          <FormField key={group} label={t(`applications.filters.${group}`)}>
            <Multiselect
              selectedOptions={options.filter((o) => selected.includes(o.value))}
              options={options}
              placeholder={t('applications.filters.placeholder')}
              statusType={filters.isPending ? 'loading' : filters.isError ? 'error' : 'finished'}
              loadingText={t('applications.list.loading')}
              errorText={t('applications.messages.failedToFetchFilters')}
              hideTokens
              onChange={({ detail }) =>
                onChange({ ...value, [group]: detail.selectedOptions.map((o) => o.value!).filter(Boolean) })
              }
            />
          </FormField>
        );
      })}
    </>
  );
}

function TabList({
  kind,
  tab,
  searchText,
  filters,
}: {
  kind: ListKind;
  tab: ListTab;
  searchText: string | undefined;
  filters: FilterValues;
}) {
  const { t } = useTranslation();
  const params = listParams(kind, tab, searchText, filters);
  const nothing = matchesNothing(params);
  const list = useInfiniteQuery({
    queryKey: applicationKeys.listV3(params),
    queryFn: ({ pageParam, signal }) => applicationsApi.listV3({ ...params, pageIndex: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.pageIndex + 1 : undefined),
    enabled: !nothing,
  });
  useErrorToast(list.isError, t('applications.messages.failedToFetchApplications'));
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = !!searchText || activeFilterCount(filters) > 0;

  if (!nothing && list.isPending) {
    return (
      <Box textAlign="center" padding="l">
        <Spinner size="large" aria-label={t('applications.list.loading')} />
      </Box>
    );
  }
  if (items.length === 0) {
    return (
      <Box textAlign="center" padding="l" color="inherit">
        <SpaceBetween size="s">
          <Box variant="h3" tagOverride="h2">
            {t('applications.list.emptyTitle')}
          </Box>
          <Box variant="p" color="text-body-secondary">
            {list.isError
              ? t('applications.messages.failedToFetchApplications')
              : filtered
                ? t('applications.list.emptyFiltered')
                : tab === 'Archived'
                  ? t('applications.list.emptyArchived')
                  : kind === 'consents'
                    ? t('applications.list.emptyConsents')
                    : t('applications.list.emptyBody')}
          </Box>
          {!filtered && tab !== 'Archived' && kind !== 'consents' && !list.isError && (
            <RouterLink href="/new-application/intent-selection">
              {t('applications.list.startNew')}
            </RouterLink>
          )}
        </SpaceBetween>
      </Box>
    );
  }
  return (
    <SpaceBetween size="l">
      <ApplicationCards items={items} label={t(`applications.tabs.${tab}`)} />
      <Box textAlign="center">
        <SpaceBetween size="xs">
          <Box variant="small" color="text-body-secondary">
            {t('applications.list.count', { count: items.length })}
          </Box>
          {list.hasNextPage && (
            <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
              {t('applications.list.loadMore')}
            </Button>
          )}
        </SpaceBetween>
      </Box>
    </SpaceBetween>
  );
}

/**
 * A list page: tabs from ?tab with counts from the badges, a search box (2 characters, 1000 ms),
 * filter groups (BCA, Form, Status, Complexity, OutstandingAction), cards and "Load more".
 */
export function ApplicationListPage({ kind }: { kind: ListKind }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const [text, setText] = useState('');
  const searchText = effectiveSearch(useDebounced(text, SEARCH_DEBOUNCE_MS));
  const [filters, setFilters] = useState<FilterValues>({});
  const badges = useQuery({
    queryKey: applicationKeys.badges(),
    queryFn: ({ signal }) => applicationsApi.badges(signal),
  });
  const tab = openingTab(kind, search, { data: badges.data, failed: badges.isError });
  const tooShort = text.trim().length > 0 && text.trim().length < SEARCH_MIN_CHARS;

  const tabs = LIST_TABS[kind] as readonly ListTab[];
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t(`applications.pages.${kind}.description`)}>
          {t(`applications.pages.${kind}.title`)}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <div className={styles.toolbar}>
          <div className={styles.search}>
            <FormField
              label={t('applications.search.label')}
              constraintText={
                tooShort ? t('applications.search.minChars', { count: SEARCH_MIN_CHARS }) : undefined
              }
            >
              <Input
                type="search"
                value={text}
                placeholder={t('applications.search.placeholder')}
                onChange={({ detail }) => setText(detail.value)}
              />
            </FormField>
          </div>
          <Filters value={filters} onChange={setFilters} />
          {activeFilterCount(filters) > 0 && (
            <Button onClick={() => setFilters({})}>{t('applications.filters.clear')}</Button>
          )}
        </div>
        <Tabs
          ariaLabel={t('applications.tabs.label')}
          activeTabId={tab ?? tabs[0]}
          onChange={({ detail }) => setSearch({ tab: detail.activeTabId })}
          tabs={tabs.map((id) => {
            const count = tabCount(kind, id, badges.data);
            return {
              id,
              label:
                count === undefined
                  ? t(`applications.tabs.${id}`)
                  : t('applications.tabs.withCount', { label: t(`applications.tabs.${id}`), count }),
              content:
                tab === undefined ? (
                  <Box textAlign="center" padding="l">
                    <Spinner size="large" aria-label={t('applications.list.loading')} />
                  </Box>
                ) : id === tab ? (
                  <TabList kind={kind} tab={tab} searchText={searchText} filters={filters} />
                ) : null,
            };
          })}
        />
      </SpaceBetween>
    </ContentLayout>
  );
}

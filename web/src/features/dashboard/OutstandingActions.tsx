import { useEffect } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { applicationKeys, applicationsApi } from '../../api/applications';
import { Spinner } from '../../components/plain/controls';
import { PlainButton } from '../../components/plain/page';
import { useToasts } from '../../components/toasts';
import { ApplicationCards } from '../applications/ApplicationCards';
import styles from '../applications/applications.module.css';
import { outstandingParams } from './outstanding';
import { ApplicationNextSteps } from './ApplicationNextSteps';

/**
 * 'Actions to be taken' (docs/applications.md): the applications with outstanding RFIs or
 * payments from GET /user/applicationsV3?outstandingActions=RFI,PAYMENT (the byUserOutstanding
 * index), newest change first, a page at a time with Load more while a page comes back full. Each
 * card names what the applicant has to do there, with its button (./ApplicationNextSteps.tsx).
 */
export function OutstandingActions() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const list = useInfiniteQuery({
    queryKey: [...applicationKeys.lists(), 'outstanding'],
    queryFn: ({ pageParam, signal }) => applicationsApi.listV3(outstandingParams(pageParam), signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.pageIndex + 1 : undefined),
  });
  useEffect(() => {
    if (list.isError)
      toasts.show({ type: 'error', content: t('applications.messages.failedToFetchApplications') });
  }, [list.isError, t, toasts]);

  if (list.isPending) return <Spinner label={t('dashboard.outstanding.loading')} />;
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  if (items.length === 0) {
    return (
      <p className={styles.empty}>
        {t(list.isError ? 'applications.messages.failedToFetchApplications' : 'dashboard.outstanding.empty')}
      </p>
    );
  }
  return (
    <>
      <ApplicationCards
        items={items}
        label={t('dashboard.actionsTitle')}
        footer={(item) => <ApplicationNextSteps item={item} />}
      />
      {list.hasNextPage &&
        (list.isFetchingNextPage ? (
          <Spinner label={t('dashboard.outstanding.loading')} />
        ) : (
          <PlainButton onClick={() => void list.fetchNextPage()}>
            {t('dashboard.outstanding.loadMore')}
          </PlainButton>
        ))}
    </>
  );
}

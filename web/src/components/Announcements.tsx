import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Paragraph, PlainAlert, Stack } from './plain/page';
import { useTranslation } from 'react-i18next';
import { fetchAnnouncements, visibleAnnouncements } from './announcementsSource';
import { announcementMuteKey, browserStorage, mute } from '../lib/storage';

export const announcementsQuery = {
  queryKey: ['announcements'] as const,
  queryFn: () => fetchAnnouncements(),
  staleTime: 5 * 60_000,
};

/**
 * Announcements (GET /announcements/announcements.json) shown between their start and end times;
 * dismissing one mutes it in local storage by id; persistent ones cannot be dismissed.
 */
export function Announcements({ location }: { location?: string }) {
  const { t } = useTranslation();
  const { data = [] } = useQuery(announcementsQuery);
  const [storage] = useState(browserStorage);
  const [, setMutedVersion] = useState(0);
  const shown = visibleAnnouncements(data, { now: new Date(), storage, location });
  if (shown.length === 0) return null;
  return (
    <Stack size="s">
      {shown.map((a) => (
        <PlainAlert
          key={a.id}
          type={a.severity}
          header={a.header}
          dismissLabel={t('announcements.dismiss', { header: a.header })}
          onDismiss={
            a.persistent
              ? undefined
              : () => {
                  mute(storage, announcementMuteKey(a.id));
                  setMutedVersion((v) => v + 1);
                }
          }
        >
          {a.subTitle && <strong>{a.subTitle}</strong>}
          {a.description && <Paragraph>{a.description}</Paragraph>}
        </PlainAlert>
      ))}
    </Stack>
  );
}

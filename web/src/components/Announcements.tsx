import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { fetchAnnouncements, visibleAnnouncements } from '../app/announcements';
import { announcementMuteKey, browserStorage, mute } from '../app/storage';

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
    <SpaceBetween size="s">
      {shown.map((a) => (
        <Alert
          key={a.id}
          type={a.severity}
          header={a.header}
          dismissible={!a.persistent}
          i18nStrings={{ dismissAriaLabel: t('announcements.dismiss', { header: a.header }) }}
          onDismiss={() => {
            mute(storage, announcementMuteKey(a.id));
            setMutedVersion((v) => v + 1);
          }}
        >
          {a.subTitle && <Box variant="strong">{a.subTitle}</Box>}
          {a.description && <Box variant="p">{a.description}</Box>}
        </Alert>
      ))}
    </SpaceBetween>
  );
}

import { useState } from 'react';
import { PlainAlert, PlainButton } from '../../components/plain/page';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isProfileComplete } from '../../../../shared/domain/user';
import { browserStorage, isMuted, mute, profileIncompleteMuteKey } from '../../lib/storage';
import type { CurrentUser } from '../../api/user';
import { useMaybeCurrentUser } from '../shell/useCurrentUser';

/**
 * "Profile incomplete" on the dashboard while first name, last name, contact number or full
 * address is missing; dismissing it mutes it for this username in local storage.
 */
export function ProfileIncompleteAlert() {
  const user = useMaybeCurrentUser();
  // Nothing until GET /user has answered: the reminder must not flash for a complete profile.
  return user ? <ProfileIncompleteReminder user={user} /> : null;
}

function ProfileIncompleteReminder({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [storage] = useState(browserStorage);
  const key = profileIncompleteMuteKey(user.username);
  const [muted, setMuted] = useState(() => isMuted(storage, key));
  if (isProfileComplete(user) || muted) return null;
  return (
    <PlainAlert
      type="warning"
      header={t('dashboard.profileIncomplete.title')}
      dismissLabel={t('dashboard.profileIncomplete.dismiss')}
      onDismiss={() => {
        mute(storage, key);
        setMuted(true);
      }}
      action={
        <PlainButton onClick={() => void navigate('/user-profile')}>
          {t('dashboard.profileIncomplete.action')}
        </PlainButton>
      }
    >
      {t('dashboard.profileIncomplete.body')}
    </PlainAlert>
  );
}

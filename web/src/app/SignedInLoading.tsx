import { useTranslation } from '../i18n/translate';
import { Spinner } from '../components/plain/controls';
import { frameClass, TopBar } from '../components/plain/TopBar';

/**
 * What a signed-in load shows while the signed-in app's chunks arrive: the shell's top bar (the same
 * component and place, so nothing moves when the shell replaces it) over the page's loading state,
 * instead of a spinner on an empty page (docs/performance.md, step 21).
 */
export function SignedInLoading() {
  const { t } = useTranslation();
  return (
    <div className={frameClass}>
      <TopBar label={t('shell.topNavigation')} homeLabel={t('app.logoAlt')} name={t('app.name')} />
      <Spinner label={t('app.loading')} />
    </div>
  );
}

import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../components/RouterLink';
import styles from '../../components/signed-out.module.css';
import { ApplicantGuide } from './ApplicantGuide';
import { AuthTabs } from './AuthTabs';

/** `/registration`: the Create Account tab. Registration itself is the next issue; no fake form. */
export default function RegistrationPage() {
  const { t } = useTranslation();
  return (
    <>
      <ApplicantGuide />
      <div className={styles.form}>
        <AuthTabs active="create">
          <SpaceBetween size="m">
            <Box variant="h1" fontSize="heading-l">
              {t('auth.registration.title')}
            </Box>
            <Box variant="p">{t('auth.registration.comingSoon')}</Box>
            <RouterLink href="/">{t('auth.registration.backToSignIn')}</RouterLink>
          </SpaceBetween>
        </AuthTabs>
      </div>
    </>
  );
}

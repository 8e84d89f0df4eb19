import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../components/RouterLink';
import styles from '../../components/signed-out.module.css';

/** `/forgot-password`: the reset flow is the next issue; this page says so honestly. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <div className={styles.form}>
      <Container>
        <SpaceBetween size="m">
          <Box variant="h1" fontSize="heading-l">
            {t('auth.forgotPassword.title')}
          </Box>
          <Box variant="p">{t('auth.forgotPassword.comingSoon')}</Box>
          <SpaceBetween size="m" direction="horizontal">
            <RouterLink href="/support">{t('auth.signIn.getSupport')}</RouterLink>
            <RouterLink href="/">{t('auth.registration.backToSignIn')}</RouterLink>
          </SpaceBetween>
        </SpaceBetween>
      </Container>
    </div>
  );
}

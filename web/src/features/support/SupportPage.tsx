import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import styles from '../../components/signed-out.module.css';
import { SupportDetails } from './SupportDetails';

/** `/support` (signed out): contact details, hours, and a Back to sign in button. */
export default function SupportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={styles.form}>
      <Container>
        <SpaceBetween size="l">
          <Box variant="h1" fontSize="heading-l">
            {t('support.title')}
          </Box>
          <Box variant="p">{t('support.intro')}</Box>
          <SupportDetails />
          <Box variant="p">{t('support.haveNumberReady')}</Box>
          <Button onClick={() => void navigate('/')}>{t('support.backToSignIn')}</Button>
        </SpaceBetween>
      </Container>
    </div>
  );
}

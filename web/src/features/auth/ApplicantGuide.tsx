import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Box from '@cloudscape-design/components/box';
import { useTranslation } from 'react-i18next';
import styles from '../../components/signed-out.module.css';

const STEPS = [1, 2, 3, 4] as const;

/** The applicant guide panel beside the sign-in form (desktop only; CSS hides it below lg). */
export function ApplicantGuide() {
  const { t } = useTranslation();
  return (
    <section className={styles.guide} aria-labelledby="applicant-guide-title" data-testid="applicant-guide">
      <Container
        header={
          <Header variant="h2" headingTagOverride="h2">
            <span id="applicant-guide-title">{t('auth.guide.title')}</span>
          </Header>
        }
      >
        <Box variant="p">{t('auth.guide.intro')}</Box>
        <ol className={styles.steps}>
          {STEPS.map((n) => (
            <li key={n}>
              <Box variant="strong">{t(`auth.guide.step${n}Title`)}</Box>
              <Box variant="p">{t(`auth.guide.step${n}`)}</Box>
            </li>
          ))}
        </ol>
      </Container>
    </section>
  );
}

import { useTranslation } from '../../i18n/translate';
import { plainStyles } from '../../components/plain/controls';
import styles from '../../components/signed-out.module.css';

const STEPS = [1, 2, 3, 4] as const;

/** The applicant guide panel beside the sign-in form (desktop only; CSS hides it below lg). */
export function ApplicantGuide() {
  const { t } = useTranslation();
  return (
    <section className={styles.guide} aria-labelledby="applicant-guide-title" data-testid="applicant-guide">
      <div className={plainStyles.panel}>
        <h2 id="applicant-guide-title">{t('auth.guide.title')}</h2>
        <p>{t('auth.guide.intro')}</p>
        <ol className={styles.steps}>
          {STEPS.map((n) => (
            <li key={n}>
              <strong>{t(`auth.guide.step${n}Title`)}</strong>
              <p>{t(`auth.guide.step${n}`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

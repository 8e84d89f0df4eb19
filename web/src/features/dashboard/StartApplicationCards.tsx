import { useTranslation } from 'react-i18next';
import { PlainIcon, type PlainIconName } from '../../components/plain/PlainIcon';
import { Panel, PlainLink, Secondary, Stack } from '../../components/plain/page';
import { INTENT_SELECTION_URL } from '../../lib/urls/rules';
import styles from '../applications/applications.module.css';
import { RequestAccessAction } from '../access-requests/RequestAccessAction';

/** The three ways to start (docs/applications.md). */
export const START_CARDS = [
  { id: 'new', icon: 'add-plus', href: INTENT_SELECTION_URL },
  { id: 'amendment', icon: 'edit', href: '/new-application/child-application?type=amendment' },
  { id: 'supporting', icon: 'file', href: '/new-application/child-application?type=supporting' },
] as const satisfies readonly { id: string; icon: PlainIconName; href: string }[];

/**
 * 'Start an application': new, amendment and supporting application cards, and the action 'Request
 * access to a project' (docs/applications.md: the dashboard's action items).
 */
export function StartApplicationCards() {
  const { t } = useTranslation();
  return (
    <Panel title={t('dashboard.startTitle')} actions={<RequestAccessAction />}>
      <div className={styles.startCards}>
        {START_CARDS.map((card) => (
          <Panel key={card.id} fitHeight>
            <Stack size="s">
              <h3 className={styles.cardTitle}>
                <span className={styles.row}>
                  <PlainIcon name={card.icon} />
                  {t(`startApplication.${card.id}.title`)}
                </span>
              </h3>
              <Secondary>{t(`startApplication.${card.id}.body`)}</Secondary>
              <span>
                <PlainLink to={card.href} variant="primary">
                  {t(`startApplication.${card.id}.action`)}
                </PlainLink>
              </span>
            </Stack>
          </Panel>
        ))}
      </div>
    </Panel>
  );
}

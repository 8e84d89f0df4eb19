import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Icon, { type IconProps } from '@cloudscape-design/components/icon';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../components/RouterLink';
import { INTENT_SELECTION_URL } from '../../routes/rules';
import styles from '../applications/applications.module.css';

/** The three ways to start (portal-organisation §1, §2). */
export const START_CARDS = [
  { id: 'new', icon: 'add-plus', href: INTENT_SELECTION_URL },
  { id: 'amendment', icon: 'edit', href: '/new-application/child-application?type=amendment' },
  { id: 'supporting', icon: 'file', href: '/new-application/child-application?type=supporting' },
] as const satisfies readonly { id: string; icon: IconProps.Name; href: string }[];

/** 'Start an application': new, amendment and supporting application cards. */
export function StartApplicationCards() {
  const { t } = useTranslation();
  return (
    <Container header={<Header variant="h2">{t('dashboard.startTitle')}</Header>}>
      <div className={styles.startCards}>
        {START_CARDS.map((card) => (
          <Container key={card.id} fitHeight>
            <SpaceBetween size="s">
              <Box variant="h3" tagOverride="h3">
                <span className={styles.row}>
                  <Icon name={card.icon} />
                  {t(`startApplication.${card.id}.title`)}
                </span>
              </Box>
              <Box color="text-body-secondary">{t(`startApplication.${card.id}.body`)}</Box>
              <RouterLink href={card.href} variant="primary">
                {t(`startApplication.${card.id}.action`)}
              </RouterLink>
            </SpaceBetween>
          </Container>
        ))}
      </div>
    </Container>
  );
}

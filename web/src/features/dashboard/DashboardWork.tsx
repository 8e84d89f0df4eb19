import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/plain/page';
import { OutstandingActions } from './OutstandingActions';

/**
 * The dashboard's work lists: 'Actions to be taken' (applications with outstanding RFIs or
 * payments).
 */
export function DashboardWork() {
  const { t } = useTranslation();
  return (
    <Panel title={t('dashboard.actionsTitle')}>
      <OutstandingActions />
    </Panel>
  );
}

import Button from '@cloudscape-design/components/button';
import { useTranslation } from 'react-i18next';

/** Switches address entry between the picker and the manual fields (portal-core §2's labels). */
export default function AddressModeToggle({
  manual,
  onChange,
}: {
  manual: boolean;
  onChange: (manual: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Button variant="inline-link" formAction="none" onClick={() => onChange(!manual)}>
      {manual ? t('address.searchForAddress') : t('address.enterManually')}
    </Button>
  );
}

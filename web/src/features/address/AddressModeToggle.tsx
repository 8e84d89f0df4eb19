import Button from '@cloudscape-design/components/button';
import { useTranslation } from 'react-i18next';

/** Switches address entry between the picker and the manual fields (docs/lookups.md's labels). */
export default function AddressModeToggle({
  manual,
  onChange,
  backLabel,
}: {
  manual: boolean;
  onChange: (manual: boolean) => void;
  /** The way back from manual entry (default 'Search for an address'; 'Back to contact' in the participant dialog). */
  backLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <Button variant="inline-link" formAction="none" onClick={() => onChange(!manual)}>
      {manual ? (backLabel ?? t('address.searchForAddress')) : t('address.enterManually')}
    </Button>
  );
}

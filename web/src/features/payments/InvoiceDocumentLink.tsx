import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import { documentsApi } from '../../api/documents';
import { useToasts } from '../../components/toasts';

/** The invoice PDF the council attached: a short-lived link asked for when clicked. */
export function InvoiceDocumentLink({ applicationId, name }: { applicationId: string; name: string }) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      const { presignedUrl } = await documentsApi.downloadLink(applicationId, name);
      window.open(presignedUrl, '_blank', 'noopener');
    } catch (error) {
      toasts.show({
        type: 'error',
        header: t('payments.invoiceDocumentFailed'),
        content: (error as Error).message,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="inline-link" iconName="download" loading={busy} onClick={() => void open()}>
      {name}
    </Button>
  );
}

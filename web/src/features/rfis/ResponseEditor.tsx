import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import FormField from '@cloudscape-design/components/form-field';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Textarea from '@cloudscape-design/components/textarea';
import { MAX_RFI_RESPONSE_LENGTH, type RfiPointDto } from '../../../../shared/schemas/rfis';
import { formatDate, formatFullDate } from '../../lib/dates';
import type { Autosave } from './useAutosave';

/** The response: a text area saved as it is typed, or the response read only. */
export function ResponseEditor({
  point,
  editable,
  autosave,
}: {
  point: RfiPointDto;
  editable: boolean;
  autosave: Autosave;
}) {
  const { t } = useTranslation();
  const who =
    point.responseLastModifiedDate &&
    t('rfiPoint.respondedBy', {
      name: point.responsePersonName ?? '',
      date: formatFullDate(point.responseLastModifiedDate),
    });
  if (!editable)
    return (
      <SpaceBetweenText
        text={point.responseDetails?.trim() ? point.responseDetails : t('rfiPoint.noResponse')}
        who={who}
      />
    );
  const state =
    autosave.status === 'saving' ? (
      <StatusIndicator type="loading">{t('rfiPoint.saving')}</StatusIndicator>
    ) : autosave.dirty ? (
      <StatusIndicator type="pending">{t('rfiPoint.unsaved')}</StatusIndicator>
    ) : autosave.savedAt ? (
      <StatusIndicator type="success">
        {t('rfiPoint.savedAt', { time: formatDate(autosave.savedAt, 'd LLL yyyy, h:mm a') })}
      </StatusIndicator>
    ) : null;
  return (
    <FormField
      label={t('rfiPoint.responseLabel')}
      description={t('rfiPoint.responseHint')}
      secondaryControl={state}
      constraintText={`${(autosave.text ?? '').length} / ${MAX_RFI_RESPONSE_LENGTH}`}
      stretch
    >
      <Textarea
        value={autosave.text ?? ''}
        rows={8}
        onChange={({ detail }) => autosave.setText(detail.value.slice(0, MAX_RFI_RESPONSE_LENGTH))}
        onBlur={() => void autosave.flush()}
      />
    </FormField>
  );
}

function SpaceBetweenText({ text, who }: { text: string | undefined; who: string | undefined }) {
  return (
    <div>
      <Box variant="p">
        <span style={{ whiteSpace: 'pre-wrap' }}>{text}</span>
      </Box>
      {who && <Box color="text-body-secondary">{who}</Box>}
    </div>
  );
}

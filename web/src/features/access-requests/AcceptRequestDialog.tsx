import Modal from '@cloudscape-design/components/modal';
import Spinner from '@cloudscape-design/components/spinner';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccessRequest } from '../../../../shared/schemas/access-requests';
import { accessRequestsApi } from '../../api/access-requests';
import { useToasts } from '../../components/toasts';
import { participantKeys, participantsApi } from '../../api/participants';
import { ParticipantDialog } from '../participants/ParticipantDialog';
import { useMarkHandled } from './queries';
import { prefillOf } from './view';

/**
 * Accept (docs/access-requests.md): the participants' 'Add a participant' dialog, prefilled from the
 * requester, with the person search off and the email not editable; Finish approves the request and
 * adds the participant in one step (PATCH /user/access-requests/{guid} APPROVED), and closing after
 * it marks the request handled.
 */
export default function AcceptRequestDialog({
  request,
  onClose,
}: {
  request: AccessRequest;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const handled = useMarkHandled();
  const id = request.applicationId;
  const all = useQuery({
    queryKey: participantKeys.list(id),
    queryFn: ({ signal }) => participantsApi.list(id, signal),
  });
  const types = useQuery({
    queryKey: participantKeys.types(id),
    queryFn: ({ signal }) => participantsApi.types(id, signal),
  });
  const toasts = useToasts();
  const failed = all.isError || types.isError;
  useEffect(() => {
    if (!failed) return;
    toasts.show({
      type: 'error',
      content: t(all.isError ? 'participants.fetchFailed' : 'participants.typesFailed'),
    });
    onClose();
  }, [failed, all.isError, onClose, t, toasts]);
  if (failed) return null;
  if (!all.data || !types.data)
    return (
      <Modal
        visible
        onDismiss={onClose}
        header={t('participants.dialog.addTitle')}
        closeAriaLabel={t('applications.dialogs.close')}
      >
        <Spinner />
      </Modal>
    );
  return (
    <ParticipantDialog
      applicationId={id}
      all={all.data}
      types={types.data}
      isDraft={request.applicationStatus === 'Draft'}
      prefill={prefillOf(request)}
      emailReadOnly
      search={false}
      submit={(participant) => accessRequestsApi.approve(request.requestGuid, participant)}
      onClose={(saved) => {
        if (saved) handled.mutate(request.requestGuid);
        onClose();
      }}
    />
  );
}

import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import type { OrganisationMember } from '../../../../shared/schemas/organisations';
import { memberName, type MemberAction } from './organisationModel';
import { useMemberAction } from './queries';

/** Asks before a member action (disable, release, a role change) and runs it. */
export function ConfirmMemberDialog({
  member,
  action,
  onClose,
}: {
  member: OrganisationMember;
  action: MemberAction;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const run = useMemberAction(onClose);
  const name = memberName(member);
  return (
    <Modal
      visible
      onDismiss={() => !run.isPending && onClose()}
      header={t(`organisation.actions.${action}Title`, { name })}
      closeAriaLabel={t('applications.dialogs.close')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose} disabled={run.isPending}>
              {t('organisation.actions.cancel')}
            </Button>
            <Button variant="primary" loading={run.isPending} onClick={() => run.mutate({ member, action })}>
              {t(`organisation.actions.${action}`)}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {t(`organisation.actions.${action}Body`, { name })}
    </Modal>
  );
}

import { canEdit } from '../../../../shared/domain/applications';
import type { AccessLevel } from '../../../../shared/schemas/common';
import { ParticipantsSection } from '../participants/ParticipantsSection';

/**
 * The contact step: the application's people (docs/applications.md), with the
 * participant actions when the caller can edit the application (docs/applications.md).
 */
export default function ContactStep({
  applicationId,
  accessLevel,
  isDraft,
}: {
  applicationId: string;
  accessLevel: AccessLevel;
  isDraft: boolean;
}) {
  return (
    <ParticipantsSection
      applicationId={applicationId}
      canEdit={canEdit(accessLevel)}
      accessLevel={accessLevel}
      isDraft={isDraft}
    />
  );
}

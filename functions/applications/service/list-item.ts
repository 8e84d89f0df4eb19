import type { ApplicationListItem, TemplateDto } from '../../../shared/schemas/applications.js';
import {
  currentStage,
  isDeletable,
  isEditable,
  listRecordType,
  stageLabel,
  statusLabel,
} from '../../../shared/domain/applications.js';
import { toApplicationDto } from './dto.js';
import type { ApplicationSource, CallerAccess, DtoExtras } from './dto.js';

export interface ListItemExtras extends Omit<DtoExtras, 'participants'> {
  hasChildApplications?: boolean;
  template?: TemplateDto;
}

/**
 * Application (list view V3, docs/applications.md): the full view without participants, with the record
 * type as the list shows it and the fields the rules compute (editable, deletable, archived, labels,
 * stages, migrated).
 */
export function toListItem(
  application: ApplicationSource,
  access: CallerAccess,
  extras: ListItemExtras = {},
): ApplicationListItem {
  // A list row exists only for a user with access through a participant record of theirs.
  const { participants: _participants, ...dto } = toApplicationDto(application, access, {
    isParticipant: true,
    ...extras,
  });
  const recordType = listRecordType(application);
  const stages = dto.workflowStages;
  const stage = currentStage(stages);
  const item: ApplicationListItem = {
    ...dto,
    recordType,
    currentStatusLabel: statusLabel(application.status),
    hasChildApplications: extras.hasChildApplications ?? false,
    isArchived: access.visibility === 'hidden',
    isEditable: isEditable({ status: application.status, accessLevel: access.accessLevel }),
    isMigrated: !!application.migrationSource,
    isDeletable: isDeletable({ status: application.status, accessLevel: access.accessLevel, recordType }),
    displayStages: stages,
  };
  if (stage) item.currentStage = stageLabel(stage);
  if (extras.template) item.template = extras.template;
  return item;
}

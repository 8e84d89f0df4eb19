import type { RfiPointDto } from '../../../shared/schemas/rfis.js';
import type { RfiPointStatusValue } from '../../../shared/domain/rfis.js';
import type { RfiPointRecord } from '../model/records.js';

export type { RfiPointRecord } from '../model/records.js';

/** A stored point as both sides read it, with its neighbours in reading order. */
export function toRfiPointDto(
  p: RfiPointRecord,
  neighbours: { previous?: string | undefined; next?: string | undefined },
): RfiPointDto {
  const type = p.type ?? 'Vetting';
  const round = p.round ?? 1;
  const team = p.team ?? '';
  const building = p.building ?? '';
  const location = p.location ?? '';
  const status = (p.status ?? 'NOT_SPECIFIED') as RfiPointStatusValue;
  return {
    id: p.rfiPointId,
    rfiPointGuid: p.rfiPointGuid ?? p.rfiPointId,
    applicationId: p.applicationId,
    title: p.title ?? '',
    requestDetails: p.requestDetails ?? '',
    requestPerson: { ...(p.requestPerson ?? {}) },
    type,
    round,
    team,
    building,
    location,
    displayOrderInRound: p.displayOrderInRound ?? 0,
    status,
    councilCreatedDate: p.councilCreatedDate,
    councilSentDate: p.councilSentDate,
    councilSignedOffDate: p.councilSignedOffDate,
    customerSubmittedDate: p.customerSubmittedDate,
    roundSubmittedByName: p.roundSubmittedByName,
    roundSubmittedById: p.roundSubmittedById,
    responseDetails: p.responseDetails,
    responsePersonName: p.responsePersonName,
    responseLastModifiedDate: p.responseLastModifiedDate,
    documentContainerId: p.documentContainerId ?? 'rfi-documents',
    documentCategoryId: p.documentCategoryId,
    documentNames: p.responseDocumentNames ?? [],
    previousRfiPointGuid: neighbours.previous,
    nextRfiPointGuid: neighbours.next,
    rfiPointType: type,
    rfiRound: round,
    rfiTeam: team,
    rfiBuilding: building,
    rfiLocation: location,
    rfiPointStatus: status,
  };
}

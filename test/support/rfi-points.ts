/** An RFI point as the API answers it (shared/schemas/rfis.ts RfiPointDto), for unit tests' fakes. */
import { RfiPointDto } from '../../shared/schemas/rfis';

export function rfiPointDto(over: Partial<RfiPointDto>): RfiPointDto {
  const p = {
    id: 'p',
    applicationId: '1001',
    title: 'A point',
    requestDetails: 'Details',
    requestPerson: {},
    type: 'Consent' as const,
    round: 1,
    team: 'Building',
    building: '',
    location: '',
    displayOrderInRound: 1,
    status: 'NOT_SPECIFIED' as const,
    documentContainerId: 'rfi-documents',
    documentNames: [],
    ...over,
  };
  return RfiPointDto.parse({
    ...p,
    rfiPointGuid: p.id,
    rfiPointType: p.type,
    rfiRound: p.round,
    rfiTeam: p.team,
    rfiBuilding: p.building,
    rfiLocation: p.location,
    rfiPointStatus: p.status,
  });
}

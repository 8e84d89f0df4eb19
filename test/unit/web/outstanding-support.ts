import type { PaymentDto } from '../../../shared/schemas/payments';
import type { RfiPointDto } from '../../../shared/schemas/rfis';

/**
 * Builders of what an application has outstanding, as GET .../payments and GET .../rfi-points-v2
 * answer it (shared/schemas/payments.ts, rfis.ts; the routes' contracts parse them): a test names
 * only what it is about.
 */

/** One invoice of GET /user/applications/{id}/payments. */
export const paymentDto = (over: Partial<PaymentDto> & { id: string }): PaymentDto => ({
  paymentId: over.id,
  guid: over.id,
  applicationId: '55',
  description: 'Building consent lodgement fee',
  displayOrder: 1,
  reference: `INV-${over.id}`,
  status: 'AwaitingPayment',
  baseAmount: 312.6,
  surchargeAmount: 5.94,
  currency: 'NZD',
  issuedDate: '2026-11-20T00:00:00.000Z',
  dueDate: '2026-12-18',
  paymentOptions: [],
  transactions: [],
  ...over,
});

/** One point of GET /user/applications/{id}/rfi-points-v2, with the V1 names of its fields as the server adds them. */
export const rfiPointDto = (over: Partial<RfiPointDto> & { id: string }): RfiPointDto => {
  const base = {
    rfiPointGuid: over.id,
    applicationId: '55',
    title: `Point ${over.id}`,
    requestDetails: 'Please provide the bracing calculations.',
    requestPerson: { name: 'Tui Ranginui', email: 'tui@wcc.govt.nz', phone: '04 499 4444' },
    type: 'Consent' as const,
    round: 1,
    team: 'Building',
    building: 'Dwelling',
    location: 'Site',
    displayOrderInRound: 1,
    status: 'NOT_SPECIFIED' as const,
    councilSentDate: '2026-11-20T00:00:00.000Z',
    documentContainerId: 'rfi-documents',
    documentNames: [],
  };
  const p = { ...base, ...over };
  return {
    ...p,
    rfiPointType: p.type,
    rfiRound: p.round,
    rfiTeam: p.team,
    rfiBuilding: p.building,
    rfiLocation: p.location,
    rfiPointStatus: p.status,
  };
};

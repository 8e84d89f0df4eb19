import { isOnePersonType, typeOf } from '../../shared/domain/participants.js';
import type { ParticipantType } from '../../shared/schemas/reference.js';

/** What a guard row is computed from (a stored participant). */
export interface GuardSource {
  participantId: string;
  email?: string | undefined;
  participantTypes?: string[] | undefined;
  isDeleted?: boolean | undefined;
}

export type Guard = { kind: 'participantEmail' | 'participantType'; value: string; participantId: string };

/**
 * The guard rows of a participant (docs/participants.md): its e-mail (unique per application) and
 * each one-person role it holds; none once deleted.
 */
export function guardsOf(p: GuardSource, types: readonly ParticipantType[]): Guard[] {
  if (p.isDeleted) return [];
  const email = p.email?.trim().toLowerCase();
  const roles = (p.participantTypes ?? [])
    .map((n) => typeOf(types, n))
    .filter((t): t is ParticipantType => !!t && isOnePersonType(t))
    .map((t) => t.id);
  return [
    ...(email ? [{ kind: 'participantEmail' as const, value: email, participantId: p.participantId }] : []),
    ...[...new Set(roles)].map((value) => ({
      kind: 'participantType' as const,
      value,
      participantId: p.participantId,
    })),
  ];
}

export const guardKey = (g: Pick<Guard, 'kind' | 'value'>) => `${g.kind}\n${g.value}`;

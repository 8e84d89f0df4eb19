import type { ParticipantFacts } from '../../../shared/domain/participants.js';
import type { ParticipantRecord } from '../repository.js';

/** The fields a history entry compares (delta field → [before, after]). */
const TRACKED = [
  'firstName',
  'lastName',
  'organisation',
  'phoneCountryCode',
  'phone',
  'email',
  'address',
  'participantTypes',
  'accessLevel',
  'groupName',
  'groupList',
  'qualifications',
  'invitation',
  'isDeleted',
] as const;

type Tracked = (typeof TRACKED)[number];

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Field → [before, after] for the tracked fields that changed. */
export function deltaOf(before: Partial<ParticipantRecord> | undefined, after: Partial<ParticipantRecord>) {
  const delta: Record<string, [unknown, unknown]> = {};
  for (const k of TRACKED as readonly Tracked[]) {
    const a = before?.[k];
    const b = after[k];
    if (!same(a, b)) delta[k] = [a ?? null, b ?? null];
  }
  return delta;
}

export const factsOf = (p: ParticipantRecord): ParticipantFacts => ({
  id: p.participantId,
  loginUserId: p.loginUserId,
  firstName: p.firstName,
  lastName: p.lastName,
  email: p.email,
  phone: p.phone,
  address: p.address,
  participantTypes: p.participantTypes,
  accessLevel: p.accessLevel,
  invitation: p.invitation,
  isDeleted: p.isDeleted,
});

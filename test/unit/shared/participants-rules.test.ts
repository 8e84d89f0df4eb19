/**
 * docs/participants.md: the participant rules read plainly (docs/participants.md), and every name-based
 * rule run with the types' ids (`agent`) as with their names (`Agent`).
 */
import { describe, expect, it } from 'vitest';
import participantTypesJson from '../../../shared/reference/participant-types.json';
import {
  allowsGroup,
  isMissingDetails,
  lockedTypes,
  minimumAccessOf,
  missingTypes,
  needsContactDetails,
  offeredTypes,
  requiredTypesHeld,
  selectTypes,
  settableTypes,
  typeNames,
  typesManagedBy,
  withType,
  type ParticipantFacts,
} from '../../../shared/domain/participants';
import { ParticipantInput } from '../../../shared/schemas/participants';
import type { ParticipantType } from '../../../shared/schemas/reference';

const types = participantTypesJson as ParticipantType[];
const names = (ts: readonly ParticipantType[]) => ts.map((t) => t.name);
const person = (id: string, participantTypes: string[], more: Partial<ParticipantFacts> = {}) =>
  ({ id, participantTypes, accessLevel: 'Manage', ...more }) as ParticipantFacts;

/** Each case run with the names and with the ids (and a shouted id, for good measure). */
const spellings = [
  { label: 'names', of: (ns: string[]) => ns },
  { label: 'ids', of: (ns: string[]) => ns.map((n) => types.find((t) => t.name === n)!.id) },
  {
    label: 'ids in capitals',
    of: (ns: string[]) => ns.map((n) => types.find((t) => t.name === n)!.id.toUpperCase()),
  },
];

describe('participant types: normalised to the reference names before any rule', () => {
  it('typeNames maps ids and any case to the names; an unknown spelling is kept for the refusal', () => {
    expect(typeNames(types, ['agent', 'INVOICE-PAYER', 'registeredowner', 'Owner', 'Wizard'])).toEqual([
      'Agent',
      'InvoicePayer',
      'RegisteredOwner',
      'Owner',
      'Wizard',
    ]);
  });

  it("the dialog's schema stores names and asks an Agent sent as 'agent' for a contact number and address", () => {
    const r = ParticipantInput.safeParse({
      firstName: 'Tama',
      lastName: 'Rangi',
      email: 'tama@example.nz',
      participantTypes: ['agent'],
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['phone', 'You must provide a valid contact number'],
      ['address', "Complete address required for participant's role"],
    ]);
    const ok = ParticipantInput.parse({
      firstName: 'Tama',
      lastName: 'Rangi',
      email: 'tama@example.nz',
      participantTypes: ['designer', 'ENGINEER'],
    });
    expect(ok.participantTypes).toEqual(['Designer', 'Engineer']);
  });

  for (const s of spellings) {
    describe(`with ${s.label}`, () => {
      it('contact details are needed for OwnerContact, Agent and InvoicePayer', () => {
        expect(needsContactDetails(s.of(['Agent']))).toBe(true);
        expect(needsContactDetails(s.of(['InvoicePayer']))).toBe(true);
        expect(needsContactDetails(s.of(['Designer']))).toBe(false);
      });
      it('RegisteredOwner removes AdditionalOwner; the roles come back as names in display order', () => {
        expect(selectTypes(types, s.of(['AdditionalOwner', 'RegisteredOwner']))).toEqual(['RegisteredOwner']);
      });
      it('masked types and AdditionalOwner are not offered to a registered owner', () => {
        const offered = names(offeredTypes(types, s.of(['RegisteredOwner'])));
        expect(offered).not.toContain('Owner');
        expect(offered).not.toContain('AdditionalOwner');
      });
      it("a role's minimum access", () => {
        expect(minimumAccessOf(types, s.of(['Agent']))).toBe('Manage');
      });
      it('groups are allowed for the OwnerContact and the types that enable them', () => {
        expect(allowsGroup(types, s.of(['OwnerContact']))).toBe(true);
        expect(allowsGroup(types, s.of(['Builder']))).toBe(false);
      });
      it('the types a holder manages, and Set type', () => {
        expect(typesManagedBy(types, s.of(['Designer']))).toEqual(['Engineer']);
        expect(names(settableTypes(types, s.of(['Designer']), false))).toEqual(['Engineer']);
        expect(
          withType(types, { participantTypes: s.of(['Designer']), accessLevel: 'None' }, s.of(['Agent'])[0]!),
        ).toEqual({
          participantTypes: ['Agent', 'Designer'],
          accessLevel: 'Manage',
        });
      });
      it('the held mandatory role is locked, and the required one once past Draft', () => {
        const me = person('me', s.of(['RegisteredOwner', 'Owner', 'Builder']));
        expect(names(lockedTypes(types, me, true))).toEqual(['Owner']);
        expect(names(lockedTypes(types, me, false))).toEqual(['RegisteredOwner', 'Owner']);
      });
      it('removal is blocked by a held required type', () => {
        const me = person('me', s.of(['RegisteredOwner', 'Builder']));
        expect(names(requiredTypesHeld(types, me))).toEqual(['RegisteredOwner']);
      });
      it('a needed type is held whatever the spelling of the holder', () => {
        const ps = [person('me', s.of(['RegisteredOwner', 'Owner', 'OwnerContact', 'InvoicePayer']))];
        expect(names(missingTypes(types, ps))).toEqual([]);
      });
      it("the card's missing-details warning", () => {
        expect(isMissingDetails(types, { participantTypes: s.of(['InvoicePayer']), firstName: 'A' })).toBe(
          true,
        );
      });
    });
  }
});

describe('participant rules read plainly (docs/participants.md)', () => {
  const a = person('a', ['RegisteredOwner', 'Owner', 'InvoicePayer']);
  const b = person('b', ['RegisteredOwner', 'Owner']);

  it("'Mandatory or required (when not Draft) roles already held cannot be unselected': by any holder, not only the sole one", () => {
    expect(names(lockedTypes(types, b, true))).toEqual(['Owner']);
    expect(names(lockedTypes(types, b, false))).toEqual(['RegisteredOwner', 'Owner']);
  });

  it("'Removing a participant holding a required type is blocked': a second registered owner too", () => {
    expect(names(requiredTypesHeld(types, b))).toEqual(['RegisteredOwner', 'Owner']);
    expect(requiredTypesHeld(types, person('c', ['Builder', 'Designer']))).toEqual([]);
  });

  it("'A type with ExactlyOne or MinimumOne that no one holds is reported as needed': required or not", () => {
    const optionalButOne = types.map((t) =>
      t.name === 'Builder' ? { ...t, number: 'MinimumOne' as const, required: false } : t,
    );
    expect(names(missingTypes(optionalButOne, [a]))).toEqual(['OwnerContact', 'Builder']);
  });
});

import { describe, expect, it } from 'vitest';
import participantTypesJson from '../../../shared/reference/participant-types.json';
import { settableTypes, withType } from '../../../shared/domain/participants';
import type { ParticipantType } from '../../../shared/schemas/reference';

const types = participantTypesJson as ParticipantType[];
const names = (ts: readonly ParticipantType[]) => ts.map((t) => t.name);

describe("'Set type' (docs/participants.md)", () => {
  it('with Edit offers every offered type not held (masked ones hidden)', () => {
    expect(names(settableTypes(types, ['RegisteredOwner', 'Owner'], true))).toEqual([
      'OwnerContact',
      'Agent',
      'InvoicePayer',
      'Designer',
      'Builder',
      'PlumberDrainlayer',
      'Engineer',
    ]);
  });

  it('without Edit offers only the types the held ones manage', () => {
    expect(names(settableTypes(types, ['Designer'], false))).toEqual(['Engineer']);
    expect(names(settableTypes(types, ['Builder'], false))).toEqual([]);
  });

  it('adds the role, applies RegisteredOwner over AdditionalOwner and raises the access', () => {
    expect(withType(types, { participantTypes: ['Designer'], accessLevel: 'None' }, 'Agent')).toEqual({
      participantTypes: ['Agent', 'Designer'],
      accessLevel: 'Manage',
    });
    expect(
      withType(types, { participantTypes: ['AdditionalOwner'], accessLevel: 'Edit' }, 'RegisteredOwner'),
    ).toEqual({ participantTypes: ['RegisteredOwner'], accessLevel: 'Edit' });
  });
});

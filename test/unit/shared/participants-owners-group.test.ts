/**
 * An owners group proposed from the record of title (docs/participants.md): a participant that is
 * only a group (its list and name, no role, no person) is confirmed as it is; a person still needs
 * their names.
 */
import { describe, expect, it } from 'vitest';
import { ParticipantInput } from '../../../shared/schemas/participants';

const proposal = {
  groupName: 'Owners Group',
  groupList: 'Jane Elizabeth Smith, Robert John Smith',
  participantTypes: [],
  accessLevel: 'None' as const,
};

describe('the owners group as proposed', () => {
  it('is valid without a first or last name, kept as proposed', () => {
    const parsed = ParticipantInput.safeParse(proposal);
    expect(parsed.success && parsed.data).toMatchObject({
      groupName: 'Owners Group',
      groupList: 'Jane Elizabeth Smith, Robert John Smith',
      participantTypes: [],
    });
  });

  it('a given name is still checked', () => {
    const parsed = ParticipantInput.safeParse({ ...proposal, firstName: 'J4ne' });
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['firstName', 'Please enter a name with a valid format'],
    ]);
  });

  it('a person, or a group with a role, still needs first and last names', () => {
    for (const body of [
      { participantTypes: [], accessLevel: 'None' as const },
      { ...proposal, participantTypes: ['OwnerContact'], email: 'jane@example.nz' },
    ]) {
      const parsed = ParticipantInput.safeParse(body);
      const fields = parsed.error?.issues
        .filter((i) => i.message === 'Required')
        .map((i) => i.path.join('.'));
      expect(fields).toEqual(expect.arrayContaining(['firstName', 'lastName']));
    }
  });
});

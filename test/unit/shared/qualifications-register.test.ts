import { describe, expect, it } from 'vitest';
import qualificationTypesJson from '../../../shared/reference/qualification-types.json';
import { qualificationFromPractitioner, qualificationIssues } from '../../../shared/domain/qualifications';
import type { QualificationType } from '../../../shared/schemas/reference';

const types = qualificationTypesJson as QualificationType[];

describe('qualificationFromPractitioner (a practitioner picked from the LBP register)', () => {
  it("is the LBP licence with the number and the active classes as the type's classes", () => {
    const q = qualificationFromPractitioner(
      {
        lbpNumber: 'BP101602',
        licenceClasses: [
          { licenceClass: 'Site 3', status: 'Active' },
          { licenceClass: 'Design 2', status: 'Active' },
          { licenceClass: 'Bricklaying and Blocklaying', status: 'Active' },
          { licenceClass: 'External Plastering', status: 'Inactive', reason: 'Lapsed' },
        ],
      },
      types,
    );
    expect(q).toEqual({
      qualificationName: 'LBP',
      qualificationNumber: 'BP101602',
      licensingClasses: ['BricklayingandBlocklaying', 'Site3', 'Design2'],
    });
    // What the licence list's Apply would accept.
    expect(qualificationIssues(q!, types)).toEqual([]);
  });

  it('is none when no class is active, or without the LBP type', () => {
    const inactive = {
      lbpNumber: 'BP101108',
      licenceClasses: [{ licenceClass: 'Foundations', status: 'Inactive' as const }],
    };
    expect(qualificationFromPractitioner(inactive, types)).toBeUndefined();
    expect(
      qualificationFromPractitioner(
        { lbpNumber: 'BP100064', licenceClasses: [{ licenceClass: 'Carpentry', status: 'Active' }] },
        types.filter((t) => t.name !== 'LBP'),
      ),
    ).toBeUndefined();
  });
});

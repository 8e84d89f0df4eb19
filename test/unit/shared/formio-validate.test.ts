/**
 * Every Form.io definition validated by @formio/core in Node (shared/formio): a complete
 * submission is clean; taking away each required field that is shown gives "Required" on exactly
 * that field; patterns, min/max and lengths give their messages; hidden fields are not required.
 */
import { describe, expect, it } from 'vitest';
import {
  UnknownFormioDefinition,
  validateFormio,
  validateSubmission,
} from '../../../shared/formio/validate.js';
import { getFormioDefinition } from '../../../shared/formio/definitions.js';
import {
  formioNames,
  type FormioComponent,
  type FormioConditional,
  type FormioName,
} from '../../../shared/schemas/formio.js';

type Data = Record<string, unknown>;

const clauseCodes = [
  ...['B1', 'B2', 'C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'D1', 'D2', 'E1', 'E2', 'E3'],
  ...['F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7', 'F8', 'F9'],
  ...Array.from({ length: 15 }, (_, i) => `G${i + 1}`),
  'H1',
];
const systemCodes = Array.from({ length: 16 }, (_, i) => `SS${i + 1}`);
const ticked = (codes: string[]) => Object.fromEntries(codes.map((c) => [c, true]));

/** A complete submission per form, with every conditional part shown. */
const complete: Record<FormioName, Data> = {
  'bc-project': {
    buildingName: 'Harbour View',
    locationWithinSite: 'Rear of the section',
    currentLawfulUse: 'housingDetachedDwelling',
    numberOfOccupants: 4,
    yearFirstConstructed: 1965,
    workType: { alteration: true, addition: true },
    buildingWorkDescription: 'Add a second storey with two bedrooms and a bathroom',
    intendedUses: { housingDetachedDwelling: true },
    intendedUseDescription: 'A family home',
    intendedOccupants: 6,
    intendedLife: 'specified',
    intendedLifeYears: 30,
    estimatedValue: 350000,
    restrictedBuildingWork: 'yes',
    stagedConsent: 'yes',
    stageNumber: 1,
    totalStages: 2,
    applicantIsOwner: 'yes',
    pimRequested: 'no',
    pimNumber: 'PIM/2026/0042',
  },
  'bc-building-code': {
    clauses: ticked(clauseCodes),
    ...Object.fromEntries(
      clauseCodes.flatMap((c) => [
        [`${c.toLowerCase()}Means`, c === 'G7' ? 'waiverOrModification' : 'acceptableSolution'],
        [`${c.toLowerCase()}Details`, `${c}/AS1`],
      ]),
    ),
    g7Waiver: 'A modification of G7 for the bathroom without a window, with mechanical ventilation',
  },
  'bc-compliance-schedule': {
    hasSpecifiedSystems: 'yes',
    existingComplianceSchedule: 'yes',
    complianceScheduleNumber: 'CS 1234',
    specifiedSystems: ticked(systemCodes),
    ...Object.fromEntries(
      systemCodes.flatMap((c) => {
        const k = c.toLowerCase();
        return [
          [`${k}Status`, 'new'],
          [`${k}Description`, `${c} throughout the ground floor`],
          [`${k}PerformanceStandard`, 'NZS 4541:2020'],
          [`${k}Inspection`, 'Monthly owner checks; annual IQP inspection'],
        ];
      }),
    ),
  },
  'ccc-application': {
    consentNumber: 'BC/2026/1234',
    completionScope: 'stage',
    stageNumber: 1,
    allWorkCompleted: true,
    dateCompleted: '2026-11-01T00:00:00+13:00',
    restrictedBuildingWorkCarriedOut: 'yes',
    practitioners: [
      { name: 'Aroha Smith', lbpNumber: 'BP123456', licenceClass: 'carpentry', recordOfWorkReceived: true },
      { name: 'Sam Lee', lbpNumber: 'BP654321', licenceClass: 'roofing', recordOfWorkReceived: true },
    ],
    energyWorkCarriedOut: 'yes',
    energyWorkCertificates: { electricalCoc: true, gasCoc: true },
    hasSpecifiedSystems: 'yes',
    specifiedSystemsCompleted: { SS1: true, SS2: true },
    specifiedSystemsCertified: true,
  },
  'eot-application': {
    consentNumber: 'ABA10012345',
    extensionType: 'commencement',
    workStarted: 'yes',
    workProgress: 'Foundations poured',
    reason: 'The builder was unavailable for six months',
    requestedNewDate: '2027-06-30T00:00:00+12:00',
  },
  'amendment-details': {
    consentNumber: 'BC-2026-0077',
    amendmentType: 'amendment',
    changesDescription: 'Move the bathroom to the north side and enlarge the deck',
    affectedPlans: 'A-101 rev C, A-201 rev B',
    reason: 'The owner wants more light in the bathroom',
    affectedClauses: { E2: false, B: true, E: true },
    affectsRestrictedBuildingWork: 'yes',
    affectsSpecifiedSystems: 'no',
    valueChange: -1500,
  },
  'cpu-application': {
    premisesName: 'Riverside Community Hall',
    consentNumber: 'BC/2025/9876',
    partsToBeUsed: 'The main hall, foyer and ground-floor toilets',
    intendedPublicUse: 'Community meetings and exhibitions',
    maximumOccupants: 120,
    periodFrom: '2026-12-01T00:00:00+13:00',
    periodTo: '2027-03-31T00:00:00+13:00',
    safetyReasons: 'The ground floor is complete, the alarm and sprinklers are commissioned',
    fireSafetyMeasures: { escapeRoutes: true, warningSystems: true, sprinklers: true },
    workContinuing: 'yes',
    workSeparation: 'The first floor is closed off with a fire-rated hoarding and a separate entrance',
  },
};
// 'E2' is not an amendment-details option: drop it (only listed values may be ticked).
delete (complete['amendment-details'].affectedClauses as Data).E2;

/** Whether a simple conditional holds for the submission (isEqual, as our definitions use). */
function shown(cond: FormioConditional | undefined, data: Data, all: Map<string, FormioComponent>): boolean {
  if (!cond) return true;
  const results = cond.conditions.map((c) => {
    const value = data[c.component];
    const target = all.get(c.component);
    const equal =
      target?.type === 'selectboxes'
        ? (value as Data | undefined)?.[String(c.value)] === true
        : value === c.value;
    return c.operator === 'isNotEqual' ? !equal : equal;
  });
  const ok = cond.conjunction === 'all' ? results.every(Boolean) : results.some(Boolean);
  return ok === cond.show;
}

/** The required inputs shown for `data` (datagrid columns as `grid[0].key` for each row). */
function requiredShown(name: FormioName, data: Data): { field: string; remove: (d: Data) => void }[] {
  const form = getFormioDefinition(name)!;
  const byKey = new Map<string, FormioComponent>();
  const index = (cs: FormioComponent[]) =>
    cs.forEach((c) => {
      byKey.set(c.key, c);
      if (c.type === 'panel' || c.type === 'fieldset') index(c.components);
    });
  index(form.components);
  const out: { field: string; remove: (d: Data) => void }[] = [];
  const walk = (cs: FormioComponent[]) => {
    for (const c of cs) {
      if (!shown(c.conditional, data, byKey)) continue;
      if (c.type === 'panel' || c.type === 'fieldset') {
        walk(c.components);
        continue;
      }
      if (c.validate?.required) out.push({ field: c.key, remove: (d) => delete d[c.key] });
      if (c.type === 'datagrid') {
        const rows = (data[c.key] as Data[] | undefined) ?? [];
        rows.forEach((_, i) => {
          for (const col of c.components) {
            if (col.validate?.required)
              out.push({
                field: `${c.key}[${i}].${col.key}`,
                remove: (d) => delete (d[c.key] as Data[])[i]![col.key],
              });
          }
        });
      }
    }
  };
  walk(form.components);
  return out;
}

describe('validateSubmission: every definition with @formio/core in Node', () => {
  for (const name of formioNames) {
    describe(name, () => {
      it('a complete submission validates clean', () => {
        expect(validateSubmission(name, complete[name])).toEqual([]);
      });

      const required = requiredShown(name, complete[name]);
      it(`has required fields to check (${required.length})`, () => {
        expect(required.length).toBeGreaterThan(3);
      });

      it('taking away each required field gives Required on exactly that field', () => {
        for (const { field, remove } of required) {
          const data = structuredClone(complete[name]);
          remove(data);
          const errors = validateSubmission(name, data);
          expect(errors, field).toContainEqual({ field, reason: 'Required' });
          // A field that shows others hides them when empty: no other field may complain. (A
          // missing grid is one empty row for @formio/core, as in the browser: its cells may.)
          expect(
            errors.filter((e) => e.field !== field && !e.field.startsWith(`${field}[`)),
            field,
          ).toEqual([]);
        }
        // bc-building-code has over a hundred inputs: about 30 ms a validation on this machine.
      }, 60_000);

      it('an empty submission reports Required fields only, and no field twice', () => {
        const errors = validateSubmission(name, {});
        expect(errors.length).toBeGreaterThan(0);
        expect(new Set(errors.map((e) => e.field)).size).toBe(errors.length);
        for (const e of errors) expect(e.reason).toBe('Required');
      });
    });
  }

  const broken = (name: FormioName, patch: Data) => validateSubmission(name, { ...complete[name], ...patch });

  it('bc-project: intended life over 49 years when specified, a negative value, a bad PIM number, an option that is not offered', () => {
    expect(broken('bc-project', { intendedLifeYears: 50 })).toEqual([
      { field: 'intendedLifeYears', reason: 'Specified intended life (years) cannot be greater than 49.' },
    ]);
    expect(broken('bc-project', { intendedLifeYears: 0 })).toEqual([
      { field: 'intendedLifeYears', reason: 'Specified intended life (years) cannot be less than 1.' },
    ]);
    expect(broken('bc-project', { estimatedValue: -1 })).toEqual([
      {
        field: 'estimatedValue',
        reason: 'Estimated value of the building work (including GST) cannot be less than 0.',
      },
    ]);
    expect(broken('bc-project', { pimNumber: '#!' })).toEqual([
      {
        field: 'pimNumber',
        reason: 'Enter the number as shown on the document: 3 to 30 letters, digits, spaces, / . or -',
      },
    ]);
    expect(broken('bc-project', { currentLawfulUse: 'castle' })).toEqual([
      { field: 'currentLawfulUse', reason: 'Current lawful use of the building is an invalid value.' },
    ]);
    expect(broken('bc-project', { buildingWorkDescription: 'Deck' })).toEqual([
      {
        field: 'buildingWorkDescription',
        reason: 'Description of the building work must have at least 10 characters.',
      },
    ]);
  });

  it('bc-project: an indefinite life needs no years, and no PIM number is asked when a PIM is requested', () => {
    const data: Data = {
      ...complete['bc-project'],
      intendedLife: 'indefinite',
      pimRequested: 'yes',
      stagedConsent: 'no',
    };
    for (const k of ['intendedLifeYears', 'pimNumber', 'stageNumber', 'totalStages']) delete data[k];
    expect(validateSubmission('bc-project', data)).toEqual([]);
  });

  it('bc-building-code: only the ticked clauses need a means of compliance; a waiver needs its reasons', () => {
    expect(
      validateSubmission('bc-building-code', {
        clauses: { B1: true, E2: true },
        b1Means: 'acceptableSolution',
        b1Details: 'B1/AS1, NZS 3604:2011',
        e2Means: 'alternativeSolution',
        e2Details: 'Cladding system appraised by BRANZ',
      }),
    ).toEqual([]);
    expect(
      validateSubmission('bc-building-code', {
        clauses: { H1: true },
        h1Means: 'waiverOrModification',
        h1Details: 'H1/AS1',
      }),
    ).toEqual([{ field: 'h1Waiver', reason: 'Required' }]);
    expect(
      validateSubmission('bc-building-code', {
        clauses: { B2: true },
        b2Means: 'guesswork',
        b2Details: 'x'.repeat(501),
      }),
    ).toEqual([
      { field: 'b2Means', reason: 'B2: means of compliance is an invalid value.' },
      { field: 'b2Details', reason: 'B2: how the work complies must have no more than 500 characters.' },
    ]);
  });

  it('bc-compliance-schedule: no specified systems needs nothing more', () => {
    expect(validateSubmission('bc-compliance-schedule', { hasSpecifiedSystems: 'no' })).toEqual([]);
  });

  it('ccc-application: LBP number pattern, licence class, record of work, at least one practitioner', () => {
    const row = {
      name: 'Aroha Smith',
      lbpNumber: 'BP12',
      licenceClass: 'plumbing',
      recordOfWorkReceived: false,
    };
    expect(broken('ccc-application', { practitioners: [row] })).toEqual([
      {
        field: 'practitioners[0].lbpNumber',
        reason: 'Enter the LBP number: BP followed by 6 digits, e.g. BP123456',
      },
      { field: 'practitioners[0].licenceClass', reason: 'Licence class is an invalid value.' },
      { field: 'practitioners[0].recordOfWorkReceived', reason: 'Required' },
    ]);
    expect(broken('ccc-application', { practitioners: [] })).toEqual([
      { field: 'practitioners', reason: 'Required' },
    ]);
    expect(broken('ccc-application', { dateCompleted: 'last week' })).toEqual([
      { field: 'dateCompleted', reason: 'Date the building work was completed is not a valid date' },
    ]);
    // Date.parse reads these as 1 Feb and 2 Mar; the server does not (isCalendarDate).
    for (const dateCompleted of ['2026-02', '2026-02-30'])
      expect(broken('ccc-application', { dateCompleted })).toEqual([
        { field: 'dateCompleted', reason: 'Date the building work was completed is not a valid date' },
      ]);
    expect(broken('ccc-application', { allWorkCompleted: false })).toEqual([
      { field: 'allWorkCompleted', reason: 'Required' },
    ]);
  });

  it('ccc-application: no restricted building work, energy work or specified systems needs no more detail', () => {
    const data: Data = {
      ...complete['ccc-application'],
      completionScope: 'allWork',
      restrictedBuildingWorkCarriedOut: 'no',
      energyWorkCarriedOut: 'no',
      hasSpecifiedSystems: 'no',
    };
    for (const k of [
      'stageNumber',
      'practitioners',
      'energyWorkCertificates',
      'specifiedSystemsCompleted',
      'specifiedSystemsCertified',
    ])
      delete data[k];
    expect(validateSubmission('ccc-application', data)).toEqual([]);
  });

  it('eot-application, amendment-details, cpu-application: patterns, lengths and minimums', () => {
    expect(broken('eot-application', { consentNumber: 'BC' })).toEqual([
      {
        field: 'consentNumber',
        reason: 'Enter the number as shown on the document: 3 to 30 letters, digits, spaces, / . or -',
      },
    ]);
    expect(broken('eot-application', { reason: 'Rain' })).toEqual([
      { field: 'reason', reason: 'Reason for the extension must have at least 10 characters.' },
    ]);
    expect(broken('amendment-details', { reason: 'x'.repeat(2001) })).toEqual([
      { field: 'reason', reason: 'Reason for the changes must have no more than 2000 characters.' },
    ]);
    expect(broken('cpu-application', { maximumOccupants: 0 })).toEqual([
      {
        field: 'maximumOccupants',
        reason: 'Maximum number of members of the public at any one time cannot be less than 1.',
      },
    ]);
    expect(broken('cpu-application', { workContinuing: 'no', workSeparation: undefined })).toEqual([]);
  });

  it('hidden fields are removed from the data @formio/core returns', () => {
    const form = getFormioDefinition('eot-application')!;
    const { errors, data } = validateFormio(form, { ...complete['eot-application'], workStarted: 'no' });
    expect(errors).toEqual([]);
    expect(data).not.toHaveProperty('workProgress');
  });

  it('values of the wrong type are errors @formio/core would let through, one per field', () => {
    expect(
      broken('eot-application', {
        reason: { text: 'Supply delays for the cladding' },
        workStarted: 5,
        requestedNewDate: 20270630,
      }),
    ).toEqual([
      // @formio/core's own date check first, then the type checks in form order.
      { field: 'requestedNewDate', reason: 'Requested new date is not a valid date' },
      { field: 'workStarted', reason: 'Has the building work started? is an invalid value.' },
      { field: 'reason', reason: 'Reason for the extension must be text.' },
    ]);
    expect(broken('amendment-details', { valueChange: '1500', affectedClauses: 42 })).toEqual([
      {
        field: 'affectedClauses',
        reason: 'Building code clauses affected by the changes is an invalid value.',
      },
      {
        field: 'valueChange',
        reason: 'Change in the estimated value of the building work (including GST) is not a valid number.',
      },
    ]);
    expect(broken('amendment-details', { affectedClauses: { B: 'yes' } })).toHaveLength(1);
    expect(broken('amendment-details', { affectedClauses: { Z: true } })).toHaveLength(1);
    expect(broken('ccc-application', { specifiedSystemsCertified: 'yes' })).toEqual([
      {
        field: 'specifiedSystemsCertified',
        reason:
          'Each specified system has been certified by the person who installed or commissioned it, and the certificates are attached must be true or false.',
      },
    ]);
    expect(broken('ccc-application', { practitioners: 'Aroha Smith' })).toContainEqual({
      field: 'practitioners',
      reason:
        'Licensed building practitioners who carried out or supervised restricted building work is an invalid value.',
    });
    expect(broken('cpu-application', { maximumOccupants: Number.POSITIVE_INFINITY })).toHaveLength(1);
    expect(broken('bc-project', { numberOfOccupants: 2.5, estimatedValue: 350000.555 })).toEqual([
      {
        field: 'numberOfOccupants',
        reason: 'Number of occupants for the current use must be a whole number.',
      },
      {
        field: 'estimatedValue',
        reason:
          'Estimated value of the building work (including GST) must have no more than 2 decimal places.',
      },
    ]);
    expect(broken('bc-project', { estimatedValue: 350000.55 })).toEqual([]);
  });

  it('the data to store keeps only the definition keys, with every selectbox option', () => {
    const form = getFormioDefinition('amendment-details')!;
    const { errors, data } = validateFormio(form, { ...complete['amendment-details'], isAdmin: true });
    expect(errors).toEqual([]);
    expect(data).not.toHaveProperty('isAdmin');
    expect(data.affectedClauses).toEqual({
      B: true,
      C: false,
      D: false,
      E: true,
      F: false,
      G: false,
      H: false,
    });
    const ccc = validateFormio(getFormioDefinition('ccc-application')!, complete['ccc-application']);
    expect(ccc.data.practitioners).toEqual(complete['ccc-application'].practitioners);
  });

  it('a submission that is not an object is validated as empty; an unknown definition throws', () => {
    expect(validateSubmission('eot-application', 'nonsense')).toEqual(
      validateSubmission('eot-application', {}),
    );
    expect(() => validateSubmission('bc-nothing', {})).toThrow(UnknownFormioDefinition);
  });
});

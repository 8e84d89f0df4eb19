/**
 * What the demo shows (docs/demo.md): the demo applicant's applications in Wellington, each at a
 * point of the lifecycle, with plausible projects. Later issues (notifications) add their states
 * here; RFIs and payments have theirs.
 */
export const DEMO_AUTHORITY = 'wcc';

export type DemoStage =
  'started' | 'halfway' | 'submitted' | 'assessment' | 'rfi' | 'inspections' | 'ccc' | 'amendment';

export interface DemoApp {
  name: string;
  stage: DemoStage;
  address: Record<string, string>;
  description: string;
  value: number;
  /** The agent demo user a participant at Edit. */
  agent?: boolean;
  /** The demo application (by name) whose consent this amends. */
  amendmentOf?: string;
  /** The council's invoices: the lodgement fee paid, the processing fee awaiting payment. */
  invoices?: boolean;
}

/** The demo's invoice awaiting payment (the lodgement fee, paid, is the automatic council's). */
export const DEMO_PROCESSING_FEE = { description: 'Building consent processing fee', amount: 2847.5 };

const site = (address1: string, zipCode: string) => ({
  address1,
  city: 'Wellington',
  zipCode,
  country: 'NZ',
});

export const DEMO_APPLICATIONS: DemoApp[] = [
  {
    name: 'Garage conversion (just started)',
    stage: 'started',
    address: site('14 Aro Street', '6021'),
    description: 'Convert the single garage into a sleep-out with a bathroom',
    value: 60000,
  },
  {
    name: 'Deck and pergola (half-way)',
    stage: 'halfway',
    address: site('27 Brougham Street', '6011'),
    description: 'A 24 m² timber deck with a pergola off the living room',
    value: 35000,
    agent: true,
  },
  {
    name: 'New house (submitted)',
    stage: 'submitted',
    address: site('8 Kowhai Road', '6012'),
    description: 'A new three-bedroom house on a vacant hillside section',
    value: 780000,
  },
  {
    name: 'Extension (in assessment)',
    stage: 'assessment',
    address: site('52 Rintoul Street', '6021'),
    description: 'A two-storey rear extension: kitchen below, bedroom and ensuite above',
    value: 320000,
    agent: true,
    invoices: true,
  },
  {
    // The council asks for further information (an open Consent round of two points): the applicant
    // has answered the first and not yet submitted the round; the clock is stopped.
    name: 'Sleep-out and carport (further information requested)',
    stage: 'rfi',
    address: site('6 Mairangi Road', '6012'),
    description: 'A detached sleep-out with a carport beside it, 1 m from the south boundary',
    value: 140000,
  },
  {
    name: 'Townhouse (inspections under way)',
    stage: 'inspections',
    address: site('3 Adelaide Road', '6021'),
    description: 'A new two-storey townhouse with an attached garage',
    value: 650000,
  },
  {
    name: 'Bathroom renovation (CCC issued)',
    stage: 'ccc',
    address: site('101 The Terrace', '6011'),
    description: 'Relocate the bathroom and add a wet-area shower',
    value: 45000,
  },
  {
    name: 'Re-roof and dormer (consent with an amendment)',
    stage: 'inspections',
    address: site('19 Tinakori Road', '6011'),
    description: 'Replace the roof and add a dormer window to the attic bedroom',
    value: 120000,
    agent: true,
  },
  {
    name: 'Amendment: larger dormer',
    stage: 'amendment',
    address: site('19 Tinakori Road', '6011'),
    description: 'Widen the dormer by 600 mm',
    value: 8000,
    amendmentOf: 'Re-roof and dormer (consent with an amendment)',
  },
];

/**
 * The step answers that make a `bc` application submittable (with a designer and three documents):
 * the demo's, and the tests' lodged applications (test/support/submission.ts).
 */
export function submittableSteps(project: {
  description: string;
  value: number;
  newBuilding: boolean;
}): [string, Record<string, unknown>][] {
  return [
    [
      'bc-project',
      {
        currentLawfulUse: 'housingDetachedDwelling',
        workType: project.newBuilding ? { newBuilding: true } : { alteration: true },
        buildingWorkDescription: project.description,
        intendedUses: { housingDetachedDwelling: true },
        intendedLife: 'indefinite',
        estimatedValue: project.value,
        restrictedBuildingWork: 'yes',
        stagedConsent: 'no',
        applicantIsOwner: 'yes',
        pimRequested: 'no',
      },
    ],
    [
      'bc-building-code',
      { clauses: { B1: true }, b1Means: 'acceptableSolution', b1Details: 'B1/AS1, NZS 3604:2011' },
    ],
    ['bc-compliance-schedule', { hasSpecifiedSystems: 'no' }],
  ];
}

/** A demo application's step answers. */
export const projectSteps = (a: DemoApp) =>
  submittableSteps({
    description: a.description,
    value: a.value,
    newBuilding: a.stage === 'submitted' || a.stage === 'inspections' || a.stage === 'rfi',
  });

import { beforeAll, describe, expect, it } from 'vitest';
import {
  enabledSteps,
  estimatedValueControl,
  formReference,
  formStepRules,
  hasErrors,
  isStepComplete,
  ownershipDocumentExpiry,
  requiredDocuments,
  requiredParticipantTypes,
  designerSuggestion,
  runRules,
  validateStepData,
  formValueDay,
  formatMessage,
  loadFormValidation,
} from '../../../../functions/applications/service/rules/index.js';
import type { RuleInput } from '../../../../functions/applications/service/rules/index.js';
import { validProject } from './fixtures.js';

// Form.io is loaded on first use (the steps service awaits it before running the rules).
beforeAll(() => loadFormValidation());

const NOW = new Date('2026-06-15T00:00:00Z');

function input(over: Partial<RuleInput> = {}, formId = 'bc'): RuleInput {
  const reference = formReference(formId);
  if (!reference) throw new Error(formId);
  return {
    application: { applicationId: '1000001', formId, status: 'Draft', recordType: 'Draft' },
    stepData: {},
    participants: [],
    documents: [],
    reference,
    now: NOW,
    ...over,
  };
}

const details = {
  firstName: 'Aroha',
  lastName: 'Ngata',
  email: 'aroha@example.nz',
  phone: '+64 21 555 0100',
  address: { fullAddress: '1 Queen Street, Auckland Central, Auckland 1010' },
};
const allRoles = [
  {
    participantTypes: ['registered-owner', 'owner', 'owner-contact', 'invoice-payer', 'designer'],
    ...details,
  },
];
const allDocs = ['plans', 'specifications', 'proof-of-ownership'].map((c) => ({
  documentName: `${c}.pdf`,
  documentContainerId: c,
  uploadStatus: 'Completed',
  fileModifiedDate: '2026-06-01T00:00:00Z',
}));

describe('formReference', () => {
  it('orders the steps by breadcrumb then step and carries the required containers', () => {
    const ref = formReference('bc')!;
    expect(ref.steps.map((s) => s.id)).toEqual([
      'bc-project',
      'bc-building-code',
      'bc-compliance-schedule',
      'bc-participants',
      'bc-documents',
      'bc-review',
      'bc-template',
    ]);
    expect(ref.form.requiredDocumentContainers).toEqual(['plans', 'specifications', 'proof-of-ownership']);
    expect(formReference('nope')).toBeUndefined();
  });
});

describe('requiredParticipantTypes', () => {
  it('reports each required ExactlyOne/MinimumOne type no one holds, on the Contact step', () => {
    const results = requiredParticipantTypes(input());
    expect(results.map((r) => r.messageParams?.role)).toEqual([
      'Registered owner',
      'Owner',
      'Owner contact',
      'Invoice payer',
    ]);
    expect(results[0]).toEqual({
      applicationId: '1000001',
      ruleId: 'participant-type-required:registered-owner',
      ruleType: 'ParticipantType',
      severity: 'Error',
      message: 'A valid application needs to have {role} role',
      messageParams: { role: 'Registered owner' },
      stepId: 'bc-participants',
    });
    expect(formatMessage(results[0]!.message, results[0]!.messageParams)).toBe(
      'A valid application needs to have Registered owner role',
    );
  });

  it('counts types held by id or by name, and ignores deleted participants', () => {
    const results = requiredParticipantTypes(
      input({
        participants: [
          { participantTypes: ['registered-owner', 'Owner'] },
          { participantTypes: ['owner-contact'], isDeleted: true },
          { participantTypes: ['InvoicePayer'] },
        ],
      }),
    );
    expect(results.map((r) => r.ruleId)).toEqual(['participant-type-required:owner-contact']);
  });

  it('is empty when every required role is held', () => {
    expect(requiredParticipantTypes(input({ participants: allRoles }))).toEqual([]);
  });

  it('read plainly (docs/applications.md): a type numbered MinimumOne is needed even when not flagged required; ids in any case count', () => {
    const base = input({
      participants: [{ participantTypes: ['REGISTERED-OWNER', 'owner', 'OwnerContact', 'invoicepayer'] }],
    });
    const withBuilderNeeded = {
      ...base,
      reference: {
        ...base.reference,
        participantTypes: base.reference.participantTypes.map((t) =>
          t.name === 'Builder' ? { ...t, number: 'MinimumOne' as const, required: false } : t,
        ),
      },
    };
    expect(requiredParticipantTypes(base)).toEqual([]);
    expect(requiredParticipantTypes(withBuilderNeeded).map((r) => r.ruleId)).toEqual([
      'participant-type-required:builder',
    ]);
  });
});

describe('designerSuggestion', () => {
  it('suggests a Designer when none is on the application', () => {
    expect(designerSuggestion(input())).toEqual([
      expect.objectContaining({
        severity: 'Suggestion',
        ruleType: 'ParticipantType',
        stepId: 'bc-participants',
      }),
    ]);
    expect(designerSuggestion(input({ participants: [{ participantTypes: ['designer'] }] }))).toEqual([]);
  });
});

describe('requiredDocuments', () => {
  it('reports each required container without a Completed document', () => {
    const results = requiredDocuments(
      input({
        documents: [
          { documentName: 'a.pdf', documentContainerId: 'plans', uploadStatus: 'Completed' },
          { documentName: 'b.pdf', documentContainerId: 'specifications', uploadStatus: 'Uploaded' },
        ],
      }),
    );
    expect(results).toEqual([
      expect.objectContaining({
        ruleId: 'document-container-required:specifications',
        ruleType: 'DocumentContainer',
        severity: 'Error',
        message: 'Upload at least one document to {container}',
        messageParams: { container: 'Specifications' },
        stepId: 'bc-documents',
      }),
      expect.objectContaining({
        ruleId: 'document-container-required:proof-of-ownership',
        messageParams: { container: 'Proof of ownership' },
      }),
    ]);
  });

  it('is empty for a form without required containers', () => {
    expect(requiredDocuments(input({}, 'eot'))).toEqual([]);
  });
});

describe('ownershipDocumentExpiry', () => {
  const doc = (over: object) => ({
    documentName: 'title.pdf',
    documentContainerId: 'proof-of-ownership',
    uploadStatus: 'Completed',
    ...over,
  });
  it('reports a proof of ownership last modified more than 3 months ago', () => {
    const results = ownershipDocumentExpiry(
      input({ documents: [doc({ fileModifiedDate: '2026-03-14T00:00:00Z' })] }),
    );
    expect(results).toEqual([
      expect.objectContaining({
        ruleType: 'DocumentExpiry',
        severity: 'Error',
        message: 'Proof of ownership is older than 3 months. Upload a current record of title.',
        stepId: 'bc-documents',
      }),
    ]);
  });
  it('accepts one within 3 months and falls back to createdAt', () => {
    expect(
      ownershipDocumentExpiry(input({ documents: [doc({ fileModifiedDate: '2026-03-16T00:00:00Z' })] })),
    ).toEqual([]);
    expect(
      ownershipDocumentExpiry(input({ documents: [doc({ createdAt: Date.parse('2026-01-01') })] })),
    ).toHaveLength(1);
    expect(
      ownershipDocumentExpiry(input({ documents: [doc({ createdAt: Date.parse('2026-06-01') })] })),
    ).toEqual([]);
  });
  it('reports a project information memorandum older than 3 months too, in its own words', () => {
    expect(
      ownershipDocumentExpiry(
        input({
          documents: [
            doc({
              documentContainerId: 'project-information-memorandum',
              fileModifiedDate: '2026-03-14T00:00:00Z',
            }),
          ],
        }),
      ),
    ).toEqual([
      expect.objectContaining({
        ruleType: 'DocumentExpiry',
        message: 'The project information memorandum is older than 3 months. Upload a current one.',
      }),
    ]);
  });
  it('ignores other containers and failed uploads', () => {
    const old = '2025-01-01T00:00:00Z';
    expect(
      ownershipDocumentExpiry(
        input({
          documents: [
            doc({ documentContainerId: 'plans', fileModifiedDate: old }),
            doc({ uploadStatus: 'Error', fileModifiedDate: old }),
          ],
        }),
      ),
    ).toEqual([]);
  });
});

describe('formStepRules', () => {
  it('reports every Formio step never saved as incomplete', () => {
    const results = formStepRules(input());
    expect(results.map((r) => r.stepId)).toEqual([
      'bc-project',
      'bc-building-code',
      'bc-compliance-schedule',
    ]);
    expect(results[0]).toMatchObject({
      message: '{step} is incomplete',
      messageParams: { step: 'Project details' },
    });
  });

  it('names the first field error of a saved invalid step', () => {
    const results = formStepRules(
      input({ stepData: { 'bc-project': { data: { ...validProject, currentLawfulUse: undefined } } } }),
    );
    expect(results[0]).toMatchObject({
      stepId: 'bc-project',
      message: '{step} is incomplete: {error}',
      messageParams: { step: 'Project details', error: 'Required' },
      applicationFieldName: 'currentLawfulUse',
    });
  });

  it('accepts a valid saved step', () => {
    const results = formStepRules(input({ stepData: { 'bc-project': { data: validProject } } }));
    expect(results.map((r) => r.stepId)).not.toContain('bc-project');
  });
});

describe('extra step rules', () => {
  const cpu = {
    premisesName: 'Town hall',
    consentNumber: 'BC/2026/1234',
    partsToBeUsed: 'Ground floor',
    intendedPublicUse: 'Meetings',
    maximumOccupants: 50,
    safetyReasons: 'Fire alarm and exits are complete',
    fireSafetyMeasures: { escapeRoutes: true },
    workContinuing: 'no',
  };
  it('CPU: the period ends after it starts', () => {
    const bad = validateStepData(
      'cpu-application',
      { ...cpu, periodFrom: '2026-07-01', periodTo: '2026-07-01' },
      NOW,
    );
    expect(bad.errors).toEqual([
      { field: 'periodTo', reason: 'Public use until must be after Public use from' },
    ]);
    const good = validateStepData(
      'cpu-application',
      { ...cpu, periodFrom: '2026-07-01', periodTo: '2026-07-02' },
      NOW,
    );
    expect(good.errors).toEqual([]);
  });
  const eot = {
    consentNumber: 'BC/2026/1234',
    extensionType: 'commencement',
    workStarted: 'no',
    reason: 'Waiting for the builder to be available',
  };
  it('EOT: the requested date is in the future (New Zealand days)', () => {
    expect(
      validateStepData('eot-application', { ...eot, requestedNewDate: '2026-06-15' }, NOW).errors,
    ).toEqual([{ field: 'requestedNewDate', reason: 'Requested new date must be in the future' }]);
    expect(
      validateStepData('eot-application', { ...eot, requestedNewDate: '2026-06-16' }, NOW).errors,
    ).toEqual([]);
  });
  it('CCC: the completion date is not in the future', () => {
    const ccc = {
      consentNumber: 'BC/2026/1234',
      completionScope: 'allWork',
      allWorkCompleted: true,
      restrictedBuildingWorkCarriedOut: 'no',
      energyWorkCarriedOut: 'no',
      hasSpecifiedSystems: 'no',
    };
    expect(validateStepData('ccc-application', { ...ccc, dateCompleted: '2026-06-16' }, NOW).errors).toEqual([
      { field: 'dateCompleted', reason: 'Date the building work was completed cannot be in the future' },
    ]);
    expect(validateStepData('ccc-application', { ...ccc, dateCompleted: '2026-06-15' }, NOW).errors).toEqual(
      [],
    );
  });
  it('formValueDay reads instants in New Zealand time and keeps bare days', () => {
    expect(formValueDay('2026-06-14T13:00:00Z')).toBe('2026-06-15');
    expect(formValueDay('2026-06-14')).toBe('2026-06-14');
    expect(formValueDay('not a date')).toBeUndefined();
    expect(formValueDay(42)).toBeUndefined();
  });
});

describe('estimatedValueControl', () => {
  it('adds a Control for an estimated value over $20,000', () => {
    expect(
      estimatedValueControl(input({ stepData: { 'bc-project': { data: { estimatedValue: 20000 } } } })),
    ).toEqual([]);
    expect(
      estimatedValueControl(input({ stepData: { 'bc-project': { data: { estimatedValue: 20001 } } } })),
    ).toEqual([
      expect.objectContaining({
        severity: 'Control',
        ruleId: 'estimated-value-levy',
        stepId: 'bc-project',
        applicationFieldName: 'estimatedValue',
      }),
    ]);
  });
});

describe('runRules and step completion', () => {
  it('without FULL runs only the form step rules', () => {
    const results = runRules(input(), false);
    expect(new Set(results.map((r) => r.ruleType))).toEqual(new Set(['FormStep']));
  });

  it('FULL has every severity, errors first', () => {
    const results = runRules(
      input({ stepData: { 'bc-project': { data: { ...validProject, estimatedValue: 50000 } } } }),
      true,
    );
    expect(results.map((r) => r.severity)).toEqual(
      [...results.map((r) => r.severity)].sort(
        (a, b) =>
          ['Error', 'Control', 'Suggestion'].indexOf(a) - ['Error', 'Control', 'Suggestion'].indexOf(b),
      ),
    );
    expect(new Set(results.map((r) => r.severity))).toEqual(new Set(['Error', 'Control', 'Suggestion']));
    expect(hasErrors(results)).toBe(true);
  });

  it('marks steps complete as their parts are done, and the review once no Error remains', () => {
    const emptyBuildingCode = { clauses: { B1: true }, b1Means: 'acceptableSolution', b1Details: 'B1/AS1' };
    const complete = input({
      participants: allRoles,
      documents: allDocs,
      stepData: {
        'bc-project': { data: validProject },
        'bc-building-code': { data: emptyBuildingCode },
        'bc-compliance-schedule': { data: { hasSpecifiedSystems: 'no' } },
      },
    });
    const results = runRules(complete, true);
    expect(results.filter((r) => r.severity === 'Error')).toEqual([]);
    const steps = enabledSteps(complete, 'Manage');
    expect(steps.map((s) => [s.stepId, s.complete])).toEqual([
      ['bc-project', true],
      ['bc-building-code', true],
      ['bc-compliance-schedule', true],
      ['bc-participants', true],
      ['bc-documents', true],
      ['bc-review', true],
    ]);
    const ref = formReference('bc')!;
    expect(isStepComplete(ref.steps[5]!, input(), runRules(input(), true))).toBe(false);
  });

  it('the People step is complete only when no participant card warns of missing details (shared isMissingDetails)', () => {
    const ref = formReference('bc')!;
    const people = ref.steps.find((s) => s.type === 'Contact')!;
    const withPeople = (participants: RuleInput['participants']) =>
      isStepComplete(people, input({ participants }), runRules(input({ participants }), true));
    expect(withPeople(allRoles)).toBe(true);
    // The owner without a phone: the card warns "missing details", so the step is not complete.
    expect(withPeople([{ ...allRoles[0]!, phone: '' }])).toBe(false);
    expect(withPeople([{ ...allRoles[0]!, address: undefined }])).toBe(false);
    // A deleted participant does not count.
    expect(withPeople([...allRoles, { participantTypes: ['owner'], isDeleted: true }])).toBe(true);
  });

  it('shows only the steps that apply to the record type: Template details only on a template', () => {
    const complete = { participants: allRoles, documents: allDocs };
    const draft = enabledSteps(input(complete), 'Manage');
    expect(draft.map((s) => s.type)).not.toContain('TemplateDetails');
    const template = enabledSteps(
      input({
        ...complete,
        application: { applicationId: '1000001', formId: 'bc', status: 'Draft', recordType: 'Template' },
        stepData: { 'bc-template': { data: {} } },
      }),
      'Manage',
    );
    expect(template.find((s) => s.type === 'TemplateDetails')).toMatchObject({
      stepId: 'bc-template',
      complete: true,
    });
  });

  it('shows the caller only the steps their access reaches', () => {
    expect(enabledSteps(input(), 'ReadOnly').map((s) => s.stepId)).toEqual([
      'bc-project',
      'bc-building-code',
      'bc-compliance-schedule',
      'bc-participants',
      'bc-documents',
    ]);
    expect(enabledSteps(input(), 'Edit').map((s) => s.stepId)).toContain('bc-review');
    expect(enabledSteps(input(), 'None')).toEqual([]);
  });
});

describe('reference data: required document containers', () => {
  it('every form names known containers, and an unknown one fails the reference check', async () => {
    const { parseReferenceData, referenceFiles } = await import('../../../../functions/reference/data.js');
    const forms = structuredClone(referenceFiles.forms) as Record<string, unknown>[];
    forms[0]!.requiredDocumentContainers = ['no-such-container'];
    expect(() => parseReferenceData({ ...referenceFiles, forms })).toThrow(
      'forms.json: unknown document container no-such-container',
    );
    expect(() => parseReferenceData(referenceFiles)).not.toThrow();
  });
});

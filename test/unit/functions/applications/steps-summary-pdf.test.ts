import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  answersOf,
  formatValue,
  renderSummaryPdf,
  summaryInputOf,
  summaryPdfName,
} from '../../../../functions/applications/service/summary-pdf.js';
import type { SnapshotContent } from '../../../../functions/applications/service/summary-pdf.js';
import { getFormioDefinition } from '../../../../shared/formio/definitions.js';

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return (text as string).replace(/\s+/g, ' ');
}

const project = {
  currentLawfulUse: 'housingDetachedDwelling',
  workType: { newBuilding: true, alteration: true, demolition: false },
  buildingWorkDescription: 'A new three-bedroom house with attached garage in Māngere',
  intendedUses: { housingDetachedDwelling: true },
  intendedLife: 'indefinite',
  estimatedValue: 450000,
  restrictedBuildingWork: 'yes',
  stagedConsent: 'no',
  applicantIsOwner: 'yes',
  pimRequested: 'no',
};

const content: SnapshotContent = {
  application: {
    applicationId: '1000001',
    applicationNumber: 'BLD-2026-00001',
    formId: 'bc',
    authorityId: 'akl',
    status: 'Submitted',
    address: { fullAddress: '12 Queen Street, Auckland Central, Auckland 1010' },
    legalDescription: 'Lot 1 DP 12345',
    submissionDate: '2026-06-15T01:30:00.000Z',
    userSignature: 'Jane Owner',
  },
  steps: [
    {
      stepId: 'bc-project',
      breadcrumbId: 'bc-project',
      type: 'Formio',
      displayName: 'Project details',
      formioName: 'bc-project',
      data: project,
    },
    {
      stepId: 'bc-participants',
      breadcrumbId: 'bc-people',
      type: 'Contact',
      displayName: 'People',
      data: {},
    },
  ],
  participants: [
    {
      participantId: 'p1',
      firstName: 'Jane',
      lastName: 'Owner',
      email: 'jane@example.nz',
      participantTypes: ['registered-owner', 'owner-contact'],
    },
    { participantId: 'p2', organisation: 'Design Co', participantTypes: ['designer'] },
  ],
  documents: [
    {
      documentName: 'site.pdf',
      fileName: 'site-plan.pdf',
      documentContainerId: 'plans',
      uploadStatus: 'Completed',
    },
    {
      documentName: 'title.pdf',
      fileName: 'record-of-title.pdf',
      documentContainerId: 'proof-of-ownership',
      uploadStatus: 'Completed',
    },
  ],
};

describe('summary PDF answers', () => {
  it('shows options by their labels, selectboxes as the chosen labels, NZ$ amounts and dates', () => {
    const form = getFormioDefinition('bc-project')!;
    const answers = answersOf(form.components, project);
    const byLabel = Object.fromEntries(answers.map((a) => [a.label, a.value]));
    expect(byLabel['Current lawful use of the building']).toBe('Housing: detached dwelling');
    expect(byLabel['Type of building work']).toBe('New building, Alteration');
    expect(byLabel['Estimated value of the building work (including GST)']).toBe('$450,000.00');
    expect(byLabel['Intended life of the building']).toBe('Indefinite, but not less than 50 years');
    expect(answers.map((a) => a.label)).not.toContain('Building name');
    const datetime = getFormioDefinition('eot-application')!.components.find(
      (c) => c.key === 'requestedNewDate',
    )!;
    expect(formatValue(datetime as never, '2026-07-01')).toBe('01 Jul 2026');
  });

  it('lists datagrid rows with their cells', () => {
    const form = getFormioDefinition('ccc-application')!;
    const answers = answersOf(form.components, {
      restrictedBuildingWorkCarriedOut: 'yes',
      practitioners: [
        { name: 'Sam Builder', lbpNumber: 'BP123456', licenceClass: 'carpentry', recordOfWorkReceived: true },
      ],
    });
    expect(answers).toContainEqual(
      expect.objectContaining({
        value:
          'Name: Sam Builder; LBP number: BP123456; Licence class: Carpentry; Record of work received: Yes',
      }),
    );
  });

  it('names the PDF after the application number', () => {
    expect(summaryPdfName({ applicationNumber: 'BLD-2026-00001', applicationId: '1' })).toBe(
      'summary-BLD-2026-00001.pdf',
    );
    expect(summaryPdfName({ applicationId: '1000001' })).toBe('summary-1000001.pdf');
  });
});

describe('renderSummaryPdf', () => {
  it('writes the title, site, authority, signature, answers, participants and documents', async () => {
    const input = summaryInputOf(content);
    const bytes = await renderSummaryPdf(input);
    expect(Buffer.from(bytes.slice(0, 5)).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(bytes);
    for (const expected of [
      'Building consent',
      'Application BLD-2026-00001',
      '12 Queen Street, Auckland Central, Auckland 1010',
      'Lot 1 DP 12345',
      input.authorityDisplayName!,
      'Signed by',
      'Jane Owner',
      // Submitted 2026-06-15T01:30Z: New Zealand time (NZST, UTC+12), the spec's full date format.
      'Submitted',
      '15 Jun 2026 - 1:30 PM',
      'Project details',
      'Current lawful use of the building',
      'Housing: detached dwelling',
      'New building, Alteration',
      '$450,000.00',
      'Mangere', // macron folded for the standard font
      'Registered owner, Owner contact',
      'jane@example.nz',
      'Design Co',
      'Designer',
      'Plans and drawings',
      'site-plan.pdf',
      'Proof of ownership',
      'record-of-title.pdf',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('housingDetachedDwelling');
  });

  it('prints who signed (their profile name), when (New Zealand time) and the declaration they agreed to', async () => {
    const signed: SnapshotContent = {
      ...content,
      application: {
        ...content.application,
        userSignature: 'jane   OWNER',
        signedBy: { userId: 'u-jane', name: 'Jane Owner' },
        signedAt: '2026-11-23T10:58:00.000Z',
        declarationText: 'I declare that the information given is true and correct (as agreed then).',
      },
    };
    const text = await pdfText(await renderSummaryPdf(summaryInputOf(signed)));
    expect(text).toContain('Signed by Jane Owner');
    expect(text).toContain('Signed at 23 Nov 2026 - 11:58 PM');
    expect(text).toContain(
      'Declaration agreed to I declare that the information given is true and correct (as agreed then).',
    );
    expect(text).not.toContain('jane OWNER');
  });

  it('breaks long answers over lines and pages', async () => {
    const long = 'word '.repeat(3000);
    const bytes = await renderSummaryPdf({
      ...summaryInputOf(content),
      steps: [
        {
          displayName: 'Project details',
          formioName: 'bc-project',
          data: { ...project, buildingWorkDescription: long },
        },
      ],
    });
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    expect(pdf.numPages).toBeGreaterThan(1);
  });
});

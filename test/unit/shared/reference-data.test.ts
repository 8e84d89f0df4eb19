import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  parseReferenceData,
  referenceData,
  referenceFiles,
  ReferenceDataError,
} from '../../../functions/reference/data.js';
import { images } from '../../../functions/reference/images.generated.js';
import { generatedImagesFile, renderImagesModule } from '../../../infra/seed/build-images.js';
import { formioNames } from '../../../shared/schemas/reference.js';

/** A deep copy of the raw files with one list changed. */
function withFile(file: keyof typeof referenceFiles, change: (list: Record<string, unknown>[]) => void) {
  const raw = structuredClone(referenceFiles) as unknown as Record<string, Record<string, unknown>[]>;
  change(raw[file]!);
  return raw as unknown as Parameters<typeof parseReferenceData>[0];
}

const SIX_WITH_CONTACTS = ['akl', 'wcc', 'ccc', 'hcc', 'tcc', 'dcc'];

describe('reference JSON contract (shared/reference/*.json)', () => {
  const data = referenceData();

  it('every file parses under its shared zod schema, with unique ids and resolving references', () => {
    expect(() => parseReferenceData(referenceFiles)).not.toThrow();
    for (const list of Object.values(data)) expect((list as unknown[]).length).toBeGreaterThan(0);
  });

  it.each([
    ['a duplicate authority id', withFile('authorities', (l) => l.push({ ...l[0]! }))],
    ['a form of an unknown jurisdiction', withFile('forms', (l) => (l[0]!.jurisdictionId = 'au'))],
    ['a breadcrumb of an unknown form', withFile('breadcrumbs', (l) => (l[0]!.formId = 'nope'))],
    ['a step of an unknown breadcrumb', withFile('steps', (l) => (l[0]!.breadcrumbId = 'nope'))],
    ['an authority of an unknown jurisdiction', withFile('authorities', (l) => (l[0]!.jurisdictionId = 'x'))],
    ['an authority image that does not exist', withFile('authorities', (l) => (l[0]!.imageId = 'missing'))],
    ['a document type of an unknown form', withFile('document-types', (l) => (l[0]!.scope = 'nope'))],
    [
      'a participant type managed by an unknown type',
      withFile('participant-types', (l) => (l[0]!.managedBy = ['Nobody'])),
    ],
    [
      'a user-authority grant to a council (not independent)',
      withFile('user-authorities', (l) => (l[0]!.authorityId = 'akl')),
    ],
    ['a non-system document tag', withFile('document-tags', (l) => (l[0]!.userId = 'u1'))],
    ['a Formio step without its definition', withFile('steps', (l) => delete l[0]!.formioName)],
    ['a Formio step naming an unknown definition', withFile('steps', (l) => (l[0]!.formioName = 'bc-other'))],
  ])('rejects %s', (_what, raw) => {
    expect(() => parseReferenceData(raw)).toThrow(ReferenceDataError);
  });

  it('at least six real councils with contact details and flags, plus one independent BCA', () => {
    const councils = data.authorities.filter((a) => !a.isIndependent);
    expect(councils.map((a) => a.name)).toEqual(
      expect.arrayContaining([
        'Auckland Council',
        'Wellington City Council',
        'Christchurch City Council',
        'Hamilton City Council',
        'Tauranga City Council',
        'Dunedin City Council',
      ]),
    );
    // Contact details only where they were checked: the six councils of the first reference data.
    for (const a of councils.filter((c) => SIX_WITH_CONTACTS.includes(c.id))) {
      expect(a.email, a.id).toMatch(/\.govt\.nz$/);
      expect(a.website, a.id).toMatch(/^https:\/\/[a-z.]*\.govt\.nz/);
      expect(a.phone, a.id).toMatch(/^0\d \d{3} \d{4}$/);
      expect(a.address?.fullAddress, a.id).toBeTruthy();
      expect(a.postalAddress?.fullAddress, a.id).toBeTruthy();
      expect(new URL(a.feesAndChargesUrl!).hostname, a.id).toBe(new URL(a.website).hostname);
    }
    // Each flag is exercised both ways.
    for (const flag of ['serviceable', 'paymentsEnabled', 'propertyLookupEnabled'] as const) {
      expect(new Set(councils.map((a) => a[flag])), flag).toEqual(new Set([true, false]));
    }
    const independent = data.authorities.filter((a) => a.isIndependent);
    expect(independent).toHaveLength(1);
    expect(data.userAuthorities).toEqual([
      { email: 'applicant@demo.consent.nz', authorityId: independent[0]!.id, defaultIndependent: true },
    ]);
  });

  it('forms cover every series and category, each with declaration text and breadcrumbs', () => {
    expect(new Set(data.forms.map((f) => f.series))).toEqual(
      new Set(['bc', 'bc-sfh', 'bca', 'bca-sfh', 'ccc', 'eot', 'amendment', 'cpu']),
    );
    expect(new Set(data.forms.map((f) => f.category))).toEqual(
      new Set(['Standalone', 'Amendment', 'Supporting']),
    );
    for (const f of data.forms) {
      expect(f.declarationText.length, f.id).toBeGreaterThan(40);
      expect(data.breadcrumbs.filter((b) => b.formId === f.id).length, f.id).toBeGreaterThan(0);
    }
  });

  it('steps: every step type, access levels, and exactly the agreed Form.io names', () => {
    expect(new Set(data.steps.map((s) => s.type))).toEqual(
      new Set(['Formio', 'DocumentUpload', 'ApplicationReview', 'Contact', 'TemplateDetails']),
    );
    expect(new Set(data.steps.flatMap((s) => s.formioName ?? []))).toEqual(new Set(formioNames));
    expect(new Set(data.steps.map((s) => s.minimumAccessLevel))).toEqual(
      new Set(['ReadOnly', 'Edit', 'Manage']),
    );
    for (const b of data.breadcrumbs)
      expect(
        data.steps.some((s) => s.breadcrumbId === b.id),
        b.id,
      ).toBe(true);
  });

  it('participant types: the spec’s types and every flag and number rule', () => {
    const byName = new Map(data.participantTypes.map((p) => [p.name, p]));
    for (const n of [
      'RegisteredOwner',
      'AdditionalOwner',
      'Owner',
      'OwnerContact',
      'Agent',
      'InvoicePayer',
      'Designer',
      'Builder',
      'PlumberDrainlayer',
    ])
      expect(byName.has(n), n).toBe(true);
    expect(new Set(data.participantTypes.map((p) => p.number))).toEqual(
      new Set(['Unrestricted', 'ExactlyOne', 'MinimumOne', 'MaximumOne']),
    );
    for (const flag of ['required', 'mandatory', 'mustInvite', 'validationRequired', 'enableGroups'] as const)
      expect(new Set(data.participantTypes.map((p) => p[flag])), flag).toEqual(new Set([true, false]));
    expect(data.participantTypes.some((p) => p.maskedBy.length > 0)).toBe(true);
    expect(data.participantTypes.every((p) => p.managedBy.length > 0)).toBe(true);
    // Owners may be a group; an agent manages; one invoice payer; one owner contact, invited.
    expect(byName.get('Owner')).toMatchObject({ enableGroups: true, mandatory: true, number: 'MinimumOne' });
    expect(byName.get('Agent')).toMatchObject({
      minimumAccessLevel: 'Manage',
      number: 'MaximumOne',
      mustInvite: true,
    });
    expect(byName.get('InvoicePayer')).toMatchObject({ number: 'ExactlyOne', required: true });
    expect(byName.get('OwnerContact')).toMatchObject({ number: 'ExactlyOne', mustInvite: true });
  });

  it('participant types: each says in one plain line what the role means (docs/reference-data.md)', () => {
    for (const p of data.participantTypes) {
      expect(p.description, p.name).toMatch(/^[A-Z][^\n]{9,118}\.$/);
      // The content guide's words: "council", never BCA or authority on screen.
      expect(p.description, p.name).not.toMatch(/\b(BCA|authority)\b/i);
    }
    expect(data.participantTypes.find((p) => p.name === 'InvoicePayer')?.description).toBe(
      "Gets the council's invoices for this application and pays them.",
    );
    // Optional: a type without one still parses; an empty or two-line one does not.
    const without = withFile('participant-types', (l) => delete l[0]!.description);
    expect(parseReferenceData(without).participantTypes[0]!.description).toBeUndefined();
    for (const bad of ['', 'Two\nlines.'])
      expect(() =>
        parseReferenceData(withFile('participant-types', (l) => (l[0]!.description = bad))),
      ).toThrow(ReferenceDataError);
  });

  it('participant types: a type numbered ExactlyOne or MinimumOne is one the application needs (docs/reference-data.md), so only the required ones are', () => {
    // Read plainly, the number alone makes a type needed: the data gives it only to required types.
    for (const p of data.participantTypes)
      if (p.number === 'ExactlyOne' || p.number === 'MinimumOne') expect(p.required, p.name).toBe(true);
    expect(data.participantTypes.find((p) => p.name === 'Designer')?.number).toBe('Unrestricted');
  });

  it('qualification types: LBP with its eleven classes and BP + six digits, LDGP with classes, Other without', () => {
    const [lbp, ldgp, other] = ['LBP', 'LDGP', 'Other'].map((n) =>
      data.qualificationTypes.find((q) => q.name === n),
    );
    expect(lbp?.classes.map((c) => c.displayName)).toEqual([
      'Carpentry',
      'Roofing',
      'External Plastering',
      'Bricklaying and Blocklaying',
      'Foundations',
      'Site 1',
      'Site 2',
      'Site 3',
      'Design 1',
      'Design 2',
      'Design 3',
    ]);
    expect(lbp?.regex).toBe('^BP\\d{6}$');
    expect(lbp?.validationErrorMessage).toBe('Qualification number is not valid');
    const re = new RegExp(lbp!.regex!);
    expect(['BP123456', 'BP000001'].every((n) => re.test(n))).toBe(true);
    expect(['BP12345', 'BP1234567', 'bp123456', '123456', 'BP12345a'].some((n) => re.test(n))).toBe(false);
    expect(ldgp?.classes.length).toBeGreaterThan(0);
    expect(ldgp?.regex).toBeUndefined();
    expect(other?.classes).toEqual([]);
  });

  it('documents: categories, the special containers, system tags and both document types', () => {
    const types = new Set(data.documentContainers.map((c) => c.containerType));
    for (const t of ['ProofOfOwnership', 'ProjectInformationMemorandum', 'RFIDocument'])
      expect(types.has(t as never), t).toBe(true);
    expect(data.documentContainers.find((c) => c.id === 'proof-of-ownership')?.displayName).toBe(
      'Proof of ownership',
    );
    expect(data.documentCategories.length).toBeGreaterThanOrEqual(5);
    expect(data.documentTags.every((t) => t.userId === '0')).toBe(true);
    expect(new Set(data.documentTypes.filter((t) => t.scope === 'all').map((t) => t.name))).toEqual(
      new Set(['Amendment', 'Supporting']),
    );
  });

  it('images: every image is real bytes of its type, and the generated module is up to date', async () => {
    expect(await renderImagesModule()).toBe(await readFile(generatedImagesFile, 'utf8'));
    for (const img of data.images) {
      const bytes = Buffer.from(images[img.id]!.base64, 'base64');
      if (img.contentType === 'image/png')
        expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
      else
        expect(bytes.toString('utf8')).toMatch(
          /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[\s\S]*<\/svg>\n$/,
        );
    }
    expect(data.images.some((i) => i.contentType === 'image/png')).toBe(true);
  });
});

describe('the LBP register and the LBP qualification type agree', () => {
  it('every licence class a practitioner holds is a class of the LBP qualification type', async () => {
    const { default: practitioners } = (await import('../../../shared/sample-data/practitioners.json')) as {
      default: { licenceClasses: { licenceClass: string }[] }[];
    };
    const lbp = referenceData().qualificationTypes.find((q) => q.name === 'LBP')!;
    const classes = new Set(lbp.classes.map((c) => c.displayName));
    const held = new Set(practitioners.flatMap((p) => p.licenceClasses.map((c) => c.licenceClass)));
    expect([...held].filter((c) => !classes.has(c))).toEqual([]);
  });
});

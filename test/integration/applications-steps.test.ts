/**
 * Steps, rule results and submission against the local stack: a draft created with the repository,
 * step data saved over two visits (nothing lost, invalid data kept), rule results before and after
 * the fixes, submission refused with errors and accepted when clean, the snapshot and the summary
 * PDF in the uploads bucket, then the application read-only; a ReadOnly participant reads but never
 * saves.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { extractText, getDocumentProxy } from 'unpdf';
import { readOutputs } from '../support/outputs';
import { signIn } from '../support/cognito';
import { api, localRepositories } from '../support/accounts';
import { waitFor } from '../support/wait';

const o = readOutputs();

const subOf = (idToken: string): string =>
  (JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub;

const validProject = {
  currentLawfulUse: 'housingDetachedDwelling',
  workType: { newBuilding: true },
  buildingWorkDescription: 'A new three-bedroom house <script>alert(1)</script>with 5 < 6 posts',
  intendedUses: { housingDetachedDwelling: true },
  intendedLife: 'indefinite',
  estimatedValue: 450000,
  restrictedBuildingWork: 'yes',
  stagedConsent: 'no',
  applicantIsOwner: 'yes',
  pimRequested: 'no',
};

let owner: { token: string; sub: string };
let reader: { token: string; sub: string };
let appId: string;
let applicationNumber: string;
/** The owner's full name as on their profile: the signature. */
let ownerName: string;

async function stackModules() {
  await localRepositories(o);
  process.env.AWS_ENDPOINT_URL_S3 = o.S3Endpoint as string;
  process.env.S3_FORCE_PATH_STYLE = 'true';
  process.env.UPLOADS_BUCKET = o.UploadsBucket;
  const [applications, steps, service, summary] = await Promise.all([
    import('../../functions/applications/repository/applications.js'),
    import('../../functions/applications/repository/steps.js'),
    import('../../functions/platform/data/service.js'),
    import('../../functions/applications/service/summary-pdf.js'),
  ]);
  return { applications, steps, entities: service.entities, summary };
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return (text as string).replace(/\s+/g, ' ');
}

const as = (who: { token: string }) => ({ token: who.token });
const url = (path = '') => `/user/applications/${appId}${path}`;

beforeAll(async () => {
  const [a, b] = o.DemoUsers;
  if (!a || !b) throw new Error('two demo users are needed');
  const [ta, tb] = await Promise.all([signIn(a.email, a.password, o), signIn(b.email, b.password, o)]);
  owner = { token: ta.IdToken, sub: subOf(ta.IdToken) };
  reader = { token: tb.IdToken, sub: subOf(tb.IdToken) };
  const me = (await api('GET', '/user', undefined, as(owner))).body as {
    firstName?: string;
    lastName?: string;
  };
  ownerName = [me.firstName, me.lastName].filter(Boolean).join(' ');
  const { applications } = await stackModules();
  appId = await applications.nextApplicationId();
  applicationNumber = await applications.nextApplicationNumber('AKL', 'akl');
  const now = new Date().toISOString();
  await applications.createApplication({
    application: {
      applicationId: appId,
      applicationNumber,
      recordType: 'Draft',
      applicationType: 'Standalone',
      authorityId: 'akl',
      jurisdictionId: 'nz',
      formId: 'bc',
      status: 'Draft',
      userId: owner.sub,
      etag: randomUUID(),
      address: { fullAddress: '12 Queen Street, Auckland Central, Auckland 1010', city: 'Auckland' },
      legalDescription: 'Lot 1 DP 12345',
      startedDate: now,
      modifiedDate: now,
      isHidden: false,
      hasOutstandingPayments: false,
      hasOutstandingRFIs: false,
    },
    participants: [],
    accessRows: [
      { userId: owner.sub, accessLevel: 'Manage', isOwner: true },
      { userId: reader.sub, accessLevel: 'ReadOnly' },
    ],
  });
});

describe('application steps', () => {
  test('enabled steps follow the caller access; a new draft has nothing complete', async () => {
    const mine = await api('GET', url('/enabled-steps'), undefined, as(owner));
    expect(mine.status).toBe(200);
    expect((mine.body as { stepId: string; complete: boolean }[]).map((s) => [s.stepId, s.complete])).toEqual(
      [
        ['bc-project', false],
        ['bc-building-code', false],
        ['bc-compliance-schedule', false],
        ['bc-participants', false],
        ['bc-documents', false],
        ['bc-review', false],
      ],
    );
    const theirs = await api('GET', url('/enabled-steps'), undefined, as(reader));
    expect((theirs.body as { stepId: string }[]).map((s) => s.stepId)).toEqual([
      'bc-project',
      'bc-building-code',
      'bc-compliance-schedule',
      'bc-participants',
      'bc-documents',
    ]);
  });

  test('step data: empty at first; unknown or foreign steps 404; hidden steps 403; ids of no application 404', async () => {
    expect(await api('GET', url('/steps/bc-project'), undefined, as(owner))).toEqual({
      status: 200,
      body: {
        stepId: 'bc-project',
        breadcrumbId: 'bc-project',
        type: 'Formio',
        formioName: 'bc-project',
        data: {},
        readOnly: false,
      },
    });
    for (const stepId of ['nope', 'ccc-details']) {
      expect(await api('GET', url(`/steps/${stepId}`), undefined, as(owner))).toEqual({
        status: 404,
        body: expect.objectContaining({ code: 'ResourceNotFound', message: 'Step not found' }),
      });
    }
    expect((await api('GET', url('/steps/bc-review'), undefined, as(reader))).status).toBe(403);
    expect((await api('GET', url('/steps/bc-project'), undefined, as(reader))).body).toMatchObject({
      readOnly: true,
    });
    // Access is checked before the input is parsed: an id that names no application is a 404.
    expect((await api('GET', '/user/applications/abc/steps/bc-project', undefined, as(owner))).status).toBe(
      404,
    );
    expect(
      (await api('GET', '/user/applications/999999999/steps/bc-project', undefined, as(owner))).status,
    ).toBe(404);
  });

  test('saving over two visits keeps every answer, invalid ones too, sanitised; the application is modified', async () => {
    const { applications } = await stackModules();
    const before = await applications.getApplication(appId);

    // First visit: part of the step, with markup in a text field.
    const { currentLawfulUse: _skip, ...partial } = validProject;
    const first = await api('POST', url('/steps/bc-project'), { data: partial }, as(owner));
    expect(first.status).toBe(200);
    const saved = first.body as {
      data: Record<string, unknown>;
      errors: { field: string; reason: string }[];
    };
    expect(saved.data.buildingWorkDescription).toBe('A new three-bedroom house with 5 < 6 posts');
    expect(saved.errors).toContainEqual({ field: 'currentLawfulUse', reason: 'Required' });

    const after = await applications.getApplication(appId);
    expect(after!.etag).not.toBe(before!.etag);
    expect(after!.modifiedDate > before!.modifiedDate).toBe(true);

    // Second visit: the invalid answers are still there.
    const again = await api('GET', url('/steps/bc-project'), undefined, as(owner));
    expect((again.body as { data: unknown }).data).toEqual(saved.data);

    // Fix it: the whole step now valid.
    const second = await api(
      'POST',
      url('/steps/bc-project'),
      { data: { ...saved.data, currentLawfulUse: 'housingDetachedDwelling' } },
      as(owner),
    );
    expect(second.body).toMatchObject({
      errors: [],
      data: { ...validProject, buildingWorkDescription: 'A new three-bedroom house with 5 < 6 posts' },
    });
  });

  test('only Formio and TemplateDetails steps take data; bad bodies are 400 and change nothing', async () => {
    expect(await api('POST', url('/steps/bc-participants'), { data: { a: 1 } }, as(owner))).toEqual({
      status: 400,
      body: expect.objectContaining({
        message: 'Cannot save application step data',
        details: [{ field: 'path.stepId', reason: 'This step does not take data' }],
      }),
    });
    const bad = await api('POST', url('/steps/bc-project'), { data: 'text' }, as(owner));
    expect(bad.status).toBe(400);
    expect((await api('GET', url('/steps/bc-project'), undefined, as(owner))).body).toMatchObject({
      data: { currentLawfulUse: 'housingDetachedDwelling' },
    });
  });

  test('a ReadOnly caller cannot save a step or submit', async () => {
    expect((await api('POST', url('/steps/bc-project'), { data: {} }, as(reader))).status).toBe(403);
    expect((await api('POST', url('/submission'), { userSignature: 'Reader' }, as(reader))).status).toBe(403);
    expect((await api('GET', url('/steps/bc-project'), undefined, as(owner))).body).toMatchObject({
      data: { currentLawfulUse: 'housingDetachedDwelling' },
    });
  });

  test('rule results, refused submission, the fixes, then a clean submission with snapshot and PDF', async () => {
    const { entities, steps, summary, applications } = await stackModules();

    const stepOnly = await api('GET', url('/ruleresults'), undefined, as(reader));
    expect(stepOnly.status).toBe(200);
    const stepResults = stepOnly.body as { ruleType: string; stepId: string; severity: string }[];
    expect(new Set(stepResults.map((r) => r.ruleType))).toEqual(new Set(['FormStep']));
    expect(stepResults.filter((r) => r.severity === 'Error').map((r) => r.stepId)).toEqual([
      'bc-building-code',
      'bc-compliance-schedule',
    ]);

    const full = (await api('GET', url('/ruleresults?type=FULL'), undefined, as(owner))).body as {
      ruleType: string;
      severity: string;
      message: string;
      messageParams?: Record<string, string>;
      stepId?: string;
    }[];
    expect(full).toContainEqual(
      expect.objectContaining({
        applicationId: appId,
        ruleType: 'ParticipantType',
        severity: 'Error',
        message: 'A valid application needs to have {role} role',
        messageParams: { role: 'Owner' },
        stepId: 'bc-participants',
      }),
    );
    expect(full).toContainEqual(
      expect.objectContaining({
        ruleType: 'DocumentContainer',
        message: 'Upload at least one document to {container}',
        messageParams: { container: 'Plans and drawings' },
        stepId: 'bc-documents',
      }),
    );
    expect(new Set(full.map((r) => r.severity))).toEqual(new Set(['Error', 'Control', 'Suggestion']));

    const refused = await api('POST', url('/submission'), { userSignature: ownerName }, as(owner));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      message: 'The application has errors to fix before it can be submitted',
    });
    expect((refused.body as { details: { reason: string }[] }).details).toContainEqual(
      expect.objectContaining({ reason: 'A valid application needs to have Owner role' }),
    );
    expect((await applications.getApplication(appId))!.status).toBe('Draft');

    // The fixes: the other steps, the people, the documents.
    for (const [stepId, data] of [
      [
        'bc-building-code',
        { clauses: { B1: true }, b1Means: 'acceptableSolution', b1Details: 'B1/AS1, NZS 3604:2011' },
      ],
      ['bc-compliance-schedule', { hasSpecifiedSystems: 'no' }],
    ] as const) {
      const r = await api('POST', url(`/steps/${stepId}`), { data }, as(owner));
      expect(r.body).toMatchObject({ errors: [] });
    }
    const now = new Date().toISOString();
    await entities.participant
      .put({
        applicationId: appId,
        participantId: randomUUID(),
        firstName: 'Jane',
        lastName: 'Owner',
        email: `jane-${appId}@example.nz`,
        // Every detail the card asks of a required role's holder (the People step reads the same rule).
        phone: '021 555 0100',
        address: {
          address1: '1 Cuba Street',
          city: 'Wellington',
          zipCode: '6011',
          country: 'NZ',
          fullAddress: '1 Cuba Street, Wellington 6011',
        },
        participantTypes: ['registered-owner', 'owner', 'owner-contact', 'invoice-payer'],
        accessLevel: 'Manage',
        modifiedDate: now,
      })
      .go();
    await entities.participant
      .put({
        applicationId: appId,
        participantId: randomUUID(),
        organisation: 'Design Co',
        participantTypes: ['designer'],
        accessLevel: 'None',
        modifiedDate: now,
      })
      .go();
    for (const c of ['plans', 'specifications', 'proof-of-ownership']) {
      await entities.applicationDocument
        .put({
          applicationId: appId,
          documentName: `${c}.pdf`,
          objectKey: `documents/${appId}/${c}.pdf`,
          fileName: `${c}-file.pdf`,
          fileType: 'application/pdf',
          fileSize: 7000,
          uploadStatus: 'Completed',
          documentContainerId: c,
          fileModifiedDate: now,
        })
        .go();
    }

    const clean = (await api('GET', url('/ruleresults?type=FULL'), undefined, as(owner))).body as {
      severity: string;
    }[];
    expect(clean.filter((r) => r.severity === 'Error')).toEqual([]);
    expect(clean).toContainEqual(
      expect.objectContaining({ severity: 'Control', ruleId: 'estimated-value-levy' }),
    );
    const enabled = (await api('GET', url('/enabled-steps'), undefined, as(owner))).body as {
      stepId: string;
      complete: boolean;
    }[];
    // Every step complete: Template details does not apply to an application, so it is not there.
    expect(enabled.filter((s) => !s.complete).map((s) => s.stepId)).toEqual([]);
    expect((await api('GET', url('/steps/bc-template'), undefined, as(owner))).status).toBe(404);

    // Any text is not a signature: 400 on the field, nothing changes.
    const unsigned = await api('POST', url('/submission'), { userSignature: 'x' }, as(owner));
    expect(unsigned).toMatchObject({
      status: 400,
      body: {
        details: [{ field: 'body.userSignature', reason: 'Type your full name as it is on your profile' }],
      },
    });
    expect((await steps.loadApplicationParts(appId)).application?.status).toBe('Draft');

    const ok = await api(
      'POST',
      url('/submission'),
      { userSignature: ` ${ownerName.toUpperCase()} ` },
      as(owner),
    );
    expect(ok.status).toBe(200);
    const pdfName = `summary-${applicationNumber}.pdf`;
    expect((ok.body as { application: unknown }).application).toMatchObject({
      id: appId,
      status: 'Submitted',
      userSignature: ownerName.toUpperCase(),
      signedBy: { userId: owner.sub, name: ownerName },
      signedAt: expect.any(String),
      declarationText: expect.stringContaining(' '),
      submissionDate: expect.any(String),
      accessLevel: 'Manage',
    });
    // The summary PDF follows from the submission's event (applications.summaryPdf): once made, the
    // application names it, and the download link serves the stored file.
    await waitFor('the summary PDF', async () => {
      const app = (await api('GET', url(), undefined, as(owner))).body as {
        application: { applicationFormPdf?: string };
      };
      return app.application.applicationFormPdf === pdfName;
    });
    const link = await api('GET', url(`/documents/${pdfName}/download-link`), undefined, as(owner));
    expect(link).toMatchObject({ status: 200, body: { fileName: pdfName } });

    // The snapshot keeps what was submitted.
    const snap = await steps.latestSnapshot(appId);
    expect(snap).toMatchObject({
      userSignature: ownerName.toUpperCase(),
      submittedBy: owner.sub,
      summaryPdf: pdfName,
    });
    const content = JSON.parse(snap!.content) as {
      application: { status: string };
      steps: { stepId: string; data: Record<string, unknown> }[];
      participants: unknown[];
      documents: { documentContainerId: string }[];
    };
    expect(content.application.status).toBe('Submitted');
    expect(content.steps.find((s) => s.stepId === 'bc-project')!.data.currentLawfulUse).toBe(
      'housingDetachedDwelling',
    );
    expect(content.participants).toHaveLength(2);
    expect(content.documents.map((d) => d.documentContainerId).sort()).toEqual([
      'plans',
      'proof-of-ownership',
      'specifications',
    ]);

    // The summary PDF: a Completed document and the object in the uploads bucket.
    const doc = await steps.getDocument(appId, pdfName);
    expect(doc).toMatchObject({
      uploadStatus: 'Completed',
      fileType: 'application/pdf',
      documentContainerId: 'application-summary',
    });
    const s3 = new S3Client({ endpoint: o.S3Endpoint as string, forcePathStyle: true, region: o.Region });
    const object = await s3.send(new GetObjectCommand({ Bucket: o.UploadsBucket, Key: doc!.objectKey }));
    const text = await pdfText(await object.Body!.transformToByteArray());
    for (const expected of [
      'Building consent',
      applicationNumber,
      '12 Queen Street',
      'Lot 1 DP 12345',
      `Signed by ${ownerName}`,
      'Signed at',
      'Declaration agreed to',
      'Housing: detached dwelling',
      'Registered owner',
      'Design Co',
      'Plans and drawings',
      'plans-file.pdf',
    ]) {
      expect(text).toContain(expected);
    }

    // Read-only from now on.
    expect(await api('POST', url('/steps/bc-project'), { data: validProject }, as(owner))).toEqual({
      status: 403,
      body: expect.objectContaining({ message: 'Application is currently locked from further changes' }),
    });
    expect((await api('GET', url('/steps/bc-project'), undefined, as(owner))).body).toMatchObject({
      readOnly: true,
    });
    expect((await api('POST', url('/submission'), { userSignature: ownerName }, as(owner))).status).toBe(403);

    // A redelivered submission event makes no second PDF: the document is the one already stored.
    const before = await steps.getDocument(appId, pdfName);
    const { makeSummaryPdf } = summary;
    expect(await makeSummaryPdf(appId, 'system')).toBe(pdfName);
    expect(await steps.getDocument(appId, pdfName)).toEqual(before);
    expect((await applications.getApplication(appId))!.applicationFormPdf).toBe(pdfName);
  });

  test('an application suspended for RFIs goes back to InProgress on submission; the EOT date rule is checked on save', async () => {
    const { applications, entities } = await stackModules();
    const id = await applications.nextApplicationId();
    const now = new Date().toISOString();
    await applications.createApplication({
      application: {
        applicationId: id,
        recordType: 'Draft',
        applicationType: 'Supporting',
        authorityId: 'akl',
        jurisdictionId: 'nz',
        formId: 'eot',
        status: 'VRFISuspended',
        userId: owner.sub,
        etag: randomUUID(),
        address: { fullAddress: '1 Eot Road, Auckland 1010' },
        startedDate: now,
        modifiedDate: now,
      },
      participants: [],
      accessRows: [{ userId: owner.sub, accessLevel: 'Manage', isOwner: true }],
    });
    const eot = {
      consentNumber: 'BC/2026/1234',
      extensionType: 'commencement',
      workStarted: 'no',
      reason: 'Waiting for the builder to be available',
    };
    const past = await api(
      'POST',
      `/user/applications/${id}/steps/eot-details`,
      { data: { ...eot, requestedNewDate: '2020-01-01' } },
      as(owner),
    );
    expect(past.body).toMatchObject({
      data: { requestedNewDate: '2020-01-01' },
      errors: [{ field: 'requestedNewDate', reason: 'Requested new date must be in the future' }],
    });
    const future = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
    expect(
      (
        await api(
          'POST',
          `/user/applications/${id}/steps/eot-details`,
          { data: { ...eot, requestedNewDate: future } },
          as(owner),
        )
      ).body,
    ).toMatchObject({ errors: [] });
    await entities.participant
      .put({
        applicationId: id,
        participantId: randomUUID(),
        firstName: 'Ana',
        lastName: 'Owner',
        participantTypes: ['registered-owner', 'owner', 'owner-contact', 'invoice-payer'],
        accessLevel: 'Manage',
        modifiedDate: now,
      })
      .go();
    const ok = await api(
      'POST',
      `/user/applications/${id}/submission`,
      { userSignature: ownerName },
      as(owner),
    );
    expect(ok.status).toBe(200);
    expect((ok.body as { application: unknown }).application).toMatchObject({ status: 'InProgress' });
    await waitFor(
      'the summary PDF of the resubmission',
      async () => (await applications.getApplication(id))?.applicationFormPdf === `summary-${id}.pdf`,
    );
  });

  test('submission needs a signature', async () => {
    expect(await api('POST', url('/submission'), {}, as(owner))).toMatchObject({
      status: 400,
      body: { details: [{ field: 'body.userSignature', reason: expect.any(String) }] },
    });
  });
});

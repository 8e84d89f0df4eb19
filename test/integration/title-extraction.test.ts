/**
 * The title extraction end to end on the local stack (docs/documents.md): a generated record of title
 * uploaded into the proof-of-ownership container settles clean → its DocumentSettled event → the
 * documents.extraction consumer starts the state machine (aws-local-stepfunctions, the one ASL) →
 * the owners group is proposed on the application marked AI, the legal description filled, the
 * document marked. A re-run proposes no second group; a scanned title proposes nothing and says so.
 */
import { randomBytes } from 'node:crypto';
import { DescribeExecutionCommand, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readOutputs } from '../support/outputs';
import { signIn } from '../support/cognito';
import { api } from '../support/accounts';
import { waitFor } from '../support/wait';
import { pointAtStack } from '../support/documents';
import { scannedTitlePdf, titleSet } from '../support/titles';
import type { ApplicationDocumentDto, CreateDocumentResponse } from '../../shared/schemas/documents';
import type { ParticipantDto } from '../../shared/schemas/participants';
import type { CreateApplicationResponse } from '../../shared/schemas/applications';

const o = readOutputs();
pointAtStack(o);
const sfn = new SFNClient({
  endpoint: String(o.StepFunctionsEndpoint),
  region: o.Region,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});
afterAll(() => sfn.destroy());

let token: string;
beforeAll(async () => {
  const [applicant] = o.DemoUsers;
  token = (await signIn(applicant!.email, applicant!.password, o)).IdToken;
});

const call = (method: string, path: string, body?: unknown) => api(method, path, body, { token, outputs: o });
/** A Draft building consent of the applicant's, without a legal description. */
async function newApplication(): Promise<string> {
  const res = await call('POST', '/user/applications', {
    operationName: 'Create',
    authorityId: 'wcc',
    formId: 'bc',
    address: { address1: '12 Kauri Street', city: 'Wellington', zipCode: '6011', country: 'NZ' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = (res.body as CreateApplicationResponse).id;
  const app = ((await call('GET', base(id))).body as { application: { legalDescription?: string } })
    .application;
  expect(app.legalDescription ?? '').toBe('');
  return id;
}

const base = (id: string) => `/user/applications/${encodeURIComponent(id)}`;

/** The PDF past the 6000-byte upload minimum (a long random subject), its text layer unchanged. */
async function padded(bytes: Uint8Array): Promise<Buffer> {
  const doc = await PDFDocument.load(bytes);
  doc.setSubject(randomBytes(4000).toString('hex'));
  return Buffer.from(await doc.save());
}

/** Uploads `bytes` into proof-of-ownership and waits until the extraction has finished with it. */
async function uploadTitle(applicationId: string, name: string, bytes: Buffer) {
  const created = await call('POST', `${base(applicationId)}/documents`, {
    fileName: name,
    mimeType: 'application/pdf',
    size: bytes.byteLength,
    containerId: 'proof-of-ownership',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const { presignedUrl } = created.body as CreateDocumentResponse;
  const put = await fetch(presignedUrl, {
    method: 'PUT',
    body: bytes,
    headers: { 'content-type': 'application/pdf' },
  });
  expect(put.status).toBe(200);
  return waitFor(
    `the extraction of ${name} to finish`,
    async () => {
      const doc = (await call('GET', `${base(applicationId)}/documents/${encodeURIComponent(name)}`))
        .body as ApplicationDocumentDto;
      return doc.extractionStatus && doc.extractionStatus !== 'Running' && doc;
    },
    { timeoutMs: 45_000 },
  );
}

async function participants(applicationId: string): Promise<ParticipantDto[]> {
  const res = await call('GET', `${base(applicationId)}/participantsV2`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as ParticipantDto[];
}

describe('a record of title in proof of ownership', () => {
  test('proposes the owners group marked AI and fills the legal description; a re-run adds no second group', async () => {
    const applicationId = await newApplication();
    const title = titleSet.find((t) => t.name === 'record of title, a family trust with a trustee company')!;
    const doc = await uploadTitle(applicationId, 'record of title.pdf', await padded(await title.pdf()));
    expect(doc).toMatchObject({
      uploadStatus: 'Completed',
      hasExtractedData: true,
      extractionStatus: 'Completed',
      titleIssuedDate: '2015-07-01',
    });
    expect(doc.extractionNote).toBeUndefined();

    const groups = (await participants(applicationId)).filter((p) => p.groupList);
    expect(groups).toEqual([
      expect.objectContaining({
        groupName: 'Owners Group',
        groupList: 'Jane Elizabeth Smith, Robert John Smith, Smith & Partners Trustee Company Limited',
        modifiedBy: 'AI',
      }),
    ]);
    const app = (
      (await call('GET', base(applicationId))).body as { application: { legalDescription?: string } }
    ).application;
    expect(app.legalDescription).toBe('Lot 1 Deposited Plan 45678');
    // Issued in 2015: the title-age rule reports it on the review.
    const rules = (await call('GET', `${base(applicationId)}/ruleresults?type=FULL`)).body as {
      ruleType: string;
      message: string;
    }[];
    expect(rules).toContainEqual(
      expect.objectContaining({
        ruleType: 'DocumentExpiry',
        message: 'The record of title was issued more than 3 months ago. Upload a current record of title.',
      }),
    );

    // The same workflow again on the same document: nothing new.
    const stored = (
      await (
        await import('../../functions/platform/data/service')
      ).entities.applicationDocument
        .get({ applicationId, documentName: 'record of title.pdf' })
        .go()
    ).data!;
    const { executionArn } = await sfn.send(
      new StartExecutionCommand({
        stateMachineArn: String(o.ExtractionStateMachineArn),
        input: JSON.stringify({
          bucket: o.UploadsBucket,
          key: stored.storedKey,
          applicationId,
          documentName: 'record of title.pdf',
          extractionId: stored.extractionId,
        }),
      }),
    );
    const rerun = await waitFor(
      'the re-run to end',
      async () => {
        const d = await sfn.send(new DescribeExecutionCommand({ executionArn }));
        return d.status !== 'RUNNING' && d;
      },
      { timeoutMs: 30_000 },
    );
    expect(rerun.status, rerun.cause).toBe('SUCCEEDED');
    expect((await participants(applicationId)).filter((p) => p.groupList)).toEqual(groups);
  });

  test('a scanned title (no text layer) proposes nothing, and the document says so', async () => {
    const applicationId = await newApplication();
    const doc = await uploadTitle(applicationId, 'scanned title.pdf', await padded(await scannedTitlePdf()));
    expect(doc).toMatchObject({
      uploadStatus: 'Completed',
      hasExtractedData: false,
      extractionStatus: 'NothingProposed',
      extractionNote: 'NoText',
    });
    expect((await participants(applicationId)).filter((p) => p.groupList)).toEqual([]);
    const app = (
      (await call('GET', base(applicationId))).body as { application: { legalDescription?: string } }
    ).application;
    expect(app.legalDescription ?? '').toBe('');
  });
});

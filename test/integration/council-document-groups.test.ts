/**
 * Required document groups through the council API (docs/council-api.md §4): a council
 * asks for a group on an application lodged by the demo applicant's own submission, the applicant's
 * `GET …/required-document-groups` shows it with the uploads of its container, the council reviews
 * one upload and the applicant reads its status and reason. A replay changes nothing; another
 * council, a Draft, an unknown container, an upload outside the group are refused.
 */
import { describe, expect, test } from 'vitest';
import { councilApiClient, CouncilApiError } from '../../infra/council/client';
import type { RequiredDocumentGroupDto } from '../../shared/schemas/documents';
import { readOutputs } from '../support/outputs';
import { signIn } from '../support/cognito';
import { api } from '../support/accounts';
import { councilCredentials } from '../support/council';
import { submittedApplication } from '../support/submission';
import { pointAtStack } from '../support/documents';
import { plainPdfDoc } from '../support/document-files';
import { waitFor } from '../support/wait';
import { randomBytes } from 'node:crypto';
import type { ApplicationDocumentDto, CreateDocumentResponse } from '../../shared/schemas/documents';
import type { CouncilEvent } from '../../shared/schemas/council';

const o = readOutputs();
pointAtStack(o);
const { getApplication } = await import('../../functions/applications/repository/applications');
const wcc = councilApiClient(councilCredentials('wcc', o));
const akl = councilApiClient(councilCredentials('akl', o));
const group = {
  name: 'Revised plans',
  status: 'Requested',
  type: 'DocumentContainer',
  description: 'Plans showing the new bracing',
  requestedDate: '2026-11-20',
  displayOrder: 1,
  documentContainerId: 'plans',
};
const refusal = async (p: Promise<unknown>) => {
  const e = await p.catch((x: unknown) => x);
  expect(e).toBeInstanceOf(CouncilApiError);
  return e as CouncilApiError;
};

describe('required document groups', { timeout: 120_000 }, () => {
  test('the council asks, the applicant sees the group, the council reviews an upload, the applicant sees why', async () => {
    const [applicant] = o.DemoUsers;
    const token = (await signIn(applicant!.email, applicant!.password, o)).IdToken;
    const id = await submittedApplication(
      token,
      'wcc',
      { address1: '8 Groups Grove', city: 'Wellington', zipCode: '6011', country: 'NZ' },
      o,
    );
    const groups = async () =>
      (
        await api('GET', `/user/applications/${id}/required-document-groups`, undefined, {
          token,
          outputs: o,
        })
      ).body as RequiredDocumentGroupDto[];

    const set = await wcc.requiredDocumentGroup(id, 'g-plans', group, { idempotencyKey: `group-${id}` });
    expect(set).toMatchObject({ id: 'g-plans', guid: 'g-plans', applicationId: id, name: 'Revised plans' });
    expect(await groups()).toEqual([set]);
    expect(set.requiredDocumentUploads).toMatchObject([
      { applicationDocumentId: 'plans.pdf', documentStatus: 'Received', fileName: 'plans-file.pdf' },
    ]);
    expect(set.requiredDocumentUploads[0]!.councilStatus).toBeUndefined();
    expect((await wcc.application(id)).useRequiredDocumentGroups).toBe(true);
    const mine = await api('GET', `/user/applications/${id}`, undefined, { token, outputs: o });
    expect(
      (mine.body as { application: { useRequiredDocumentGroups: boolean } }).application
        .useRequiredDocumentGroups,
    ).toBe(true);

    // The same key again: the stored answer, nothing written twice.
    const before = await getApplication(id);
    const again = await wcc.send('PUT', `/council/applications/${id}/required-document-groups/g-plans`, {
      body: group,
      idempotencyKey: `group-${id}`,
    });
    expect(again).toMatchObject({ status: 200, replayed: true, body: set });
    expect(await getApplication(id)).toEqual(before);

    const reviewed = await wcc.reviewUpload(id, 'g-plans', 'plans.pdf', {
      councilStatus: 'Rejected',
      reason: 'The bracing plan is missing',
      processingDate: '2026-11-25',
    });
    expect((await groups())[0]!.requiredDocumentUploads[0]).toMatchObject({
      applicationDocumentId: 'plans.pdf',
      councilStatus: 'Rejected',
      reason: 'The bracing plan is missing',
      processingDate: '2026-11-25',
    });
    expect(await groups()).toEqual([reviewed]);

    // Refusals change nothing.
    const unchanged = await getApplication(id);
    expect((await refusal(akl.requiredDocumentGroup(id, 'g-plans', group))).status).toBe(404);
    const unknown = await refusal(
      wcc.requiredDocumentGroup(id, 'g-x', { ...group, documentContainerId: 'nope' }),
    );
    expect(unknown.status).toBe(400);
    expect((unknown.body as { details: { field: string }[] }).details[0]!.field).toBe(
      'body.documentContainerId',
    );
    expect(
      (await refusal(wcc.reviewUpload(id, 'g-plans', 'specifications.pdf', { councilStatus: 'Accepted' })))
        .status,
    ).toBe(404);
    expect(
      (await refusal(wcc.reviewUpload(id, 'g-none', 'plans.pdf', { councilStatus: 'Accepted' }))).status,
    ).toBe(404);
    expect(await getApplication(id)).toEqual(unchanged);
  });

  test('docs/council-api.md: a rejected upload is replaced after lodgement, into its group only; the council hears of it on its feed', async () => {
    const [applicant] = o.DemoUsers;
    const token = (await signIn(applicant!.email, applicant!.password, o)).IdToken;
    const call = (method: string, path: string, body?: unknown) =>
      api(method, path, body, { token, outputs: o });
    const id = await submittedApplication(
      token,
      'wcc',
      { address1: '10 Groups Grove', city: 'Wellington', zipCode: '6011', country: 'NZ' },
      o,
    );
    const docs = `/user/applications/${id}/documents`;
    const create = (name: string, containerId: string, size: number) =>
      call('POST', docs, { fileName: name, mimeType: 'application/pdf', size, containerId });

    // Lodged, no group open: the plans container takes nothing (the spec's locked message and why).
    expect((await create('early.pdf', 'plans', 7000)).status).toBe(403);

    await wcc.requiredDocumentGroup(id, 'g-plans', { ...group, status: 'Received' });
    expect((await create('early.pdf', 'plans', 7000)).status).toBe(403); // the council is reviewing it
    await wcc.reviewUpload(id, 'g-plans', 'plans.pdf', {
      councilStatus: 'Rejected',
      reason: 'The bracing plan is missing',
    });
    const [rejected] = (await call('GET', `/user/applications/${id}/required-document-groups`))
      .body as RequiredDocumentGroupDto[];
    expect(rejected!.requiredDocumentUploads[0]).toMatchObject({
      councilStatus: 'Rejected',
      reason: 'The bracing plan is missing',
    });

    // Now the group is open: a replacement goes into its container, and only there.
    const pdfDoc = await plainPdfDoc();
    pdfDoc.setSubject(randomBytes(4000).toString('hex'));
    const bytes = Buffer.from(await pdfDoc.save());
    const other = await create('spec-v2.pdf', 'specifications', bytes.byteLength);
    expect(other.status).toBe(403);
    expect((other.body as { message: string }).message).toMatch(/^Application is currently locked/);
    const created = await create('plans-v2.pdf', 'plans', bytes.byteLength);
    expect(created.status).toBe(201);
    const { document, presignedUrl } = created.body as CreateDocumentResponse;
    // Not yet reviewed: the uploader may still take it back; the rejected one stays as the council saw it.
    expect(document).toMatchObject({ isDeletable: true });
    const listed = (await call('GET', docs)).body as ApplicationDocumentDto[];
    expect(listed.find((d) => d.name === 'plans.pdf')).toMatchObject({ isDeletable: false });
    const put = await fetch(presignedUrl, {
      method: 'PUT',
      body: bytes,
      headers: { 'content-type': 'application/pdf' },
    });
    expect(put.status).toBe(200);
    await waitFor(
      'the replacement to settle',
      async () => {
        const d = (await call('GET', `${docs}/plans-v2.pdf`)).body as ApplicationDocumentDto;
        return d.uploadStatus === 'Completed' && d;
      },
      { timeoutMs: 30_000 },
    );
    const [answered] = (await call('GET', `/user/applications/${id}/required-document-groups`))
      .body as RequiredDocumentGroupDto[];
    expect(answered!.requiredDocumentUploads.map((u) => u.applicationDocumentId)).toEqual([
      'plans.pdf',
      'plans-v2.pdf',
    ]);

    // The council hears of it (entries settle for 20 s before the feed hands them out) and accepts it.
    const heard = await waitFor(
      'RequiredDocumentUploaded on the feed',
      async () => {
        let after = '';
        for (;;) {
          const page = await wcc.events({ after, limit: 100 });
          const mine = page.events.find(
            (e: CouncilEvent) => e.type === 'RequiredDocumentUploaded' && e.applicationId === id,
          );
          if (mine) return mine;
          if (page.events.length < 100) return undefined;
          after = page.cursor;
        }
      },
      { timeoutMs: 60_000, intervalMs: 1000 },
    );
    expect(heard).toMatchObject({
      requiredDocumentGroupGuid: 'g-plans',
      applicationDocumentId: 'plans-v2.pdf',
    });
    const accepted = await wcc.reviewUpload(id, 'g-plans', 'plans-v2.pdf', { councilStatus: 'Accepted' });
    expect(accepted.requiredDocumentUploads[1]).toMatchObject({ councilStatus: 'Accepted' });
  });

  test('a Draft gets no groups from the council; before any, the form’s required documents are the groups', async () => {
    const [applicant] = o.DemoUsers;
    const token = (await signIn(applicant!.email, applicant!.password, o)).IdToken;
    const created = await api(
      'POST',
      '/user/applications',
      {
        operationName: 'Create',
        authorityId: 'wcc',
        formId: 'bc',
        address: { address1: '9 Groups Grove', city: 'Wellington', zipCode: '6011', country: 'NZ' },
      },
      { token, outputs: o },
    );
    const { id } = created.body as { id: string };
    expect((await refusal(wcc.requiredDocumentGroup(id, 'g-plans', group))).status).toBe(404);
    const groups = (
      await api('GET', `/user/applications/${id}/required-document-groups`, undefined, { token, outputs: o })
    ).body as RequiredDocumentGroupDto[];
    expect(groups.length).toBeGreaterThan(0);
    expect(groups.every((g) => g.guid.startsWith(`${id}:`))).toBe(true);
  });
});

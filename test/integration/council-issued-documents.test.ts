/**
 * The documents a council issues (docs/council-api.md "Issued documents"): on
 * an application lodged by the demo applicant, the council grants the consent and uploads the
 * consent and its conditions as PDFs (POST …/issued-documents, then the PUT), the scan passes them
 * and the applicant lists and downloads them; after the CCC the certificate joins them. A file
 * whose scan failed (EICAR) or that never arrived is neither listed nor downloadable; a kind issued
 * before its decision is refused; a replay changes nothing.
 */
import { describe, expect, test } from 'vitest';
import { councilApiClient, CouncilApiError } from '../../infra/council/client';
import { issuedDocumentPdf } from '../../infra/council/issued-pdf';
import { issuedDocumentMessages } from '../../shared/domain/issued-documents';
import type { IssuedDocumentsResponse } from '../../shared/schemas/issued-documents';
import type { DownloadLinkResponse } from '../../shared/schemas/documents';
import { readOutputs } from '../support/outputs';
import { signIn } from '../support/cognito';
import { api } from '../support/accounts';
import { councilCredentials } from '../support/council';
import { submittedApplication } from '../support/submission';
import { waitFor } from '../support/wait';
import { EICAR } from '../support/document-files';
import { minimalPdf } from '../support/pdf';

const o = readOutputs();
const wcc = councilApiClient(councilCredentials('wcc', o));

const refusal = async (p: Promise<unknown>) => {
  const e = await p.catch((x: unknown) => x);
  expect(e).toBeInstanceOf(CouncilApiError);
  return e as CouncilApiError;
};

/** A PDF carrying EICAR, padded past the 6000-byte minimum (what the virus scan finds). */
function infectedPdf(): Uint8Array {
  const pdf = minimalPdf(EICAR);
  return Buffer.concat([pdf, Buffer.from(`%${'x'.repeat(7000 - pdf.length)}\n`, 'latin1')]);
}

describe('issued documents', { timeout: 120_000 }, () => {
  test('the council grants and issues the consent; the applicant downloads it, then the CCC', async () => {
    const [applicant] = o.DemoUsers;
    const token = (await signIn(applicant!.email, applicant!.password, o)).IdToken;
    const id = await submittedApplication(
      token,
      'wcc',
      { address1: '5 Consent Crescent', city: 'Wellington', zipCode: '6011', country: 'NZ' },
      o,
    );
    const call = (method: string, path: string) => api(method, path, undefined, { token, outputs: o });
    const listed = async () =>
      ((await call('GET', `/user/applications/${id}/issued-documents`)).body as IssuedDocumentsResponse)
        .issuedDocuments;
    const pdf = (kind: Parameters<typeof issuedDocumentPdf>[0]['kind']) =>
      issuedDocumentPdf({
        kind,
        consentNumber: `WCC-BC-${id}`,
        authorityName: 'Wellington',
        date: '2026-11-29',
      });

    // Before the grant: nothing can be issued, and nothing is listed.
    await wcc.acceptLodgement(id);
    const early = await refusal(
      wcc.issueDocument(id, 'Building consent', 'consent.pdf', await pdf('Building consent')),
    );
    expect(early.status).toBe(409);
    expect(JSON.stringify(early.body)).toContain(issuedDocumentMessages.notGranted);
    expect(await listed()).toEqual([]);

    await wcc.grant(id, `WCC-BC-${id}`);
    // The certificate waits for the CCC.
    const noCcc = await refusal(
      wcc.issueDocument(
        id,
        'Code compliance certificate',
        'ccc.pdf',
        await pdf('Code compliance certificate'),
      ),
    );
    expect(noCcc.status).toBe(409);

    const consentBytes = await pdf('Building consent');
    const key = `issued-consent-${id}`;
    const consent = await wcc.issueDocument(id, 'Building consent', 'consent.pdf', consentBytes, {
      idempotencyKey: key,
    });
    expect(consent).toMatchObject({ name: 'consent.pdf', kind: 'Building consent', uploadStatus: 'Pending' });
    // A replay answers the same record (nothing new is written).
    const replay = await wcc.issuedDocument(
      id,
      {
        kind: 'Building consent',
        fileName: 'consent.pdf',
        mimeType: 'application/pdf',
        size: consentBytes.byteLength,
      },
      { idempotencyKey: key },
    );
    expect(replay.document).toEqual(consent);
    await wcc.issueDocument(id, 'Consent conditions', 'conditions.pdf', await pdf('Consent conditions'));
    // One whose scan fails, and one whose file never arrives.
    await wcc.issueDocument(id, 'Other', 'infected.pdf', infectedPdf());
    await wcc.issuedDocument(id, {
      kind: 'Other',
      fileName: 'never.pdf',
      mimeType: 'application/pdf',
      size: 9000,
    });

    const clean = await waitFor('the consent and its conditions scanned clean', async () => {
      const docs = await listed();
      return docs.length === 2 ? docs : undefined;
    });
    expect(clean.map((d) => [d.name, d.kind, d.uploadStatus])).toEqual([
      ['consent.pdf', 'Building consent', 'Completed'],
      ['conditions.pdf', 'Consent conditions', 'Completed'],
    ]);
    expect(clean[0]!.fileSize).toBe(consentBytes.byteLength);

    // The applicant downloads the consent through the documents' link: the bytes the council sent.
    const link = await call('GET', `/user/applications/${id}/documents/consent.pdf/download-link`);
    expect(link.status).toBe(200);
    const body = link.body as DownloadLinkResponse;
    expect(body.fileName).toBe('consent.pdf');
    const file = await fetch(body.presignedUrl);
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(consentBytes))).toBe(true);

    // The infected file settles as an error and is never served; nor is the one that never came.
    await waitFor('the infected file to settle', async () => {
      const docs = await wcc.documents(id);
      const doc = docs.documents.find((d) => d.name === 'infected.pdf');
      return doc?.uploadStatus === 'Error' ? doc : undefined;
    });
    for (const name of ['infected.pdf', 'never.pdf']) {
      const refused = await call('GET', `/user/applications/${id}/documents/${name}/download-link`);
      expect(refused.status).toBe(409);
    }
    expect((await listed()).map((d) => d.name)).not.toContain('infected.pdf');

    // The CCC: the certificate is issued with it and joins the consent's documents.
    await wcc.codeComplianceCertificate(id, { issuedDate: '2026-11-29' });
    await wcc.issueDocument(
      id,
      'Code compliance certificate',
      'ccc.pdf',
      await pdf('Code compliance certificate'),
    );
    const all = await waitFor('the certificate scanned clean', async () => {
      const docs = await listed();
      return docs.length === 3 ? docs : undefined;
    });
    expect(all.map((d) => d.kind)).toEqual([
      'Building consent',
      'Consent conditions',
      'Code compliance certificate',
    ]);
    const cccLink = await call('GET', `/user/applications/${id}/documents/ccc.pdf/download-link`);
    expect(cccLink.status).toBe(200);
  });
});

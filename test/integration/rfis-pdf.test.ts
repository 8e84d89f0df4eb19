/**
 * The RFIs PDF against a local stack (docs/rfis.md "The RFIs PDF"): an application lodged by the demo
 * applicant's own submission, accepted and sent a round of RFIs by its council through the typed
 * client; GET …/rfis-pdf answers a link to a PDF that prints the round; asked again the stored copy
 * is answered (same key, same generatedAt); after a response is saved a new copy is made; a user
 * without access to the application gets 404. The Print RFIs action item appears once there is an RFI.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { councilApiClient } from '../../infra/council/client';
import type { RfisPdfResponse } from '../../shared/schemas/rfis';
import type { ActionItem } from '../../shared/schemas/applications';
import { readOutputs } from '../support/outputs';
import { signIn } from '../support/cognito';
import { api, registeredUser } from '../support/accounts';
import { councilCredentials } from '../support/council';
import { submittedApplication } from '../support/submission';

const o = readOutputs();
const SITE = { address1: '21 Kōwhai Road', city: 'Wellington', zipCode: '6011', country: 'NZ' };
const wcc = councilApiClient(councilCredentials('wcc', o));

let token: string;
let id: string;
let pointId: string;

beforeAll(async () => {
  const [applicant] = o.DemoUsers;
  if (!applicant) throw new Error('the test needs the demo applicant of the local stack');
  token = (await signIn(applicant.email, applicant.password, o)).IdToken;
  id = await submittedApplication(token, 'wcc', SITE, o);
  await wcc.acceptLodgement(id);
  const raised = await wcc.raiseRfiRound(id, {
    type: 'Consent',
    team: 'Structural',
    points: [
      {
        title: 'Bracing calculations',
        requestDetails: 'Provide the bracing calculations for the garage wall — ngā mihi 🙏',
        requestPerson: { name: 'Hemi Walker', email: 'hemi.walker@wcc.govt.nz' },
        location: 'Garage',
      },
    ],
  });
  pointId = raised.rfiPoints[0]!.id;
});

const pdfOf = async (as = token) => api('GET', `/user/applications/${id}/rfis-pdf`, undefined, { token: as });
const keyOf = (url: string) => new URL(url).pathname;

async function download(url: string): Promise<Uint8Array> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}
async function textOf(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return (text as string).replace(/\s+/g, ' ');
}

describe('GET /user/applications/{id}/rfis-pdf', () => {
  let first: RfisPdfResponse;

  test('a link to the PDF of every round and point', async () => {
    const res = await pdfOf();
    expect(res.status).toBe(200);
    first = res.body as RfisPdfResponse;
    expect(keyOf(first.url)).toMatch(new RegExp(`/rfis-pdf/${id}/[0-9a-f]{32}\\.pdf$`));
    expect(first.fileName).toMatch(/^rfis-.+\.pdf$/);
    const bytes = await download(first.url);
    expect(Buffer.from(bytes.slice(0, 4)).toString()).toBe('%PDF');
    expect(bytes.byteLength).toBe(first.size);
    const text = await textOf(bytes);
    for (const s of [
      'Requests for further information',
      '21 Kowhai Road',
      'Assessment · Structural · Round 1',
      'Status: Not responded · 1 open',
      'Bracing calculations',
      'Hemi Walker',
      'Location: Garage',
      'No response yet',
    ])
      expect(text).toContain(s);
  });

  test('asked again: the stored copy (same key, same generatedAt)', async () => {
    const again = (await pdfOf()).body as RfisPdfResponse;
    expect(keyOf(again.url)).toBe(keyOf(first.url));
    expect(again.generatedAt).toBe(first.generatedAt);
    expect(again.size).toBe(first.size);
  });

  test('after a response is saved: a new copy that prints it', async () => {
    const patched = await api(
      'PATCH',
      `/user/applications/${id}/rfi-points-v2/${pointId}`,
      { responseDetails: 'The calculations are on sheet S-04.' },
      { token },
    );
    expect(patched.status).toBe(200);
    const after = (await pdfOf()).body as RfisPdfResponse;
    expect(keyOf(after.url)).not.toBe(keyOf(first.url));
    expect(after.generatedAt > first.generatedAt).toBe(true);
    const text = await textOf(await download(after.url));
    expect(text).toContain('The calculations are on sheet S-04.');
    expect(text).toContain('Status: Responded · 1 open');
  });

  test('the Print RFIs action item once the council raised an RFI', async () => {
    const res = await api('GET', `/user/applicationsV3/${id}/action-items`, undefined, { token });
    expect(res.status).toBe(200);
    expect((res.body as ActionItem[]).map((a) => a.itemType)).toContain('PrintRFIs');
  });

  test('a user without access to the application: 404', async () => {
    const stranger = await registeredUser('rfis-pdf');
    expect((await pdfOf(stranger.token)).status).toBe(404);
  });
});

import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  renderRfisPdf,
  rfisPdfKey,
  rfisPdfName,
  type RfisPdfInput,
  type RfisPdfPoint,
} from '../../../../functions/rfis/service/pdf.js';
import { rfisPdfInput, rfisPdfService, type RfisPdfPorts } from '../../../../functions/rfis/service/print.js';
import type { RfiPointRecord } from '../../../../functions/rfis/service/dto.js';

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return (text as string).replace(/\s+/g, ' ');
}
const pageCount = async (bytes: Uint8Array) => (await PDFDocument.load(bytes)).getPageCount();

const point = (over: Partial<RfisPdfPoint> = {}): RfisPdfPoint => ({
  rfiPointId: 'p1',
  type: 'Vetting',
  team: 'Structural',
  round: 1,
  displayOrderInRound: 1,
  title: 'Bracing calculations',
  requestDetails: 'Provide the bracing calculations for the garage wall.',
  requestPerson: { name: 'Hemi Walker', email: 'hemi@wcc.govt.nz', phone: '04 499 4444' },
  councilSentDate: '2026-06-01T00:00:00.000Z',
  location: 'Garage',
  building: 'Dwelling',
  responseDetails: 'Attached are the calculations.',
  responseDocuments: ['bracing.pdf'],
  responsePersonName: 'Jane Owner',
  responseLastModifiedDate: '2026-06-03T02:00:00.000Z',
  customerSubmittedDate: '2026-06-04T02:00:00.000Z',
  roundSubmittedByName: 'Jane Owner',
  status: 'RESOLVED',
  councilSignedOffDate: '2026-06-10T00:00:00.000Z',
  ...over,
});

const input = (points: RfisPdfPoint[]): RfisPdfInput => ({
  applicationId: '1000001',
  applicationNumber: 'BLD-2026-00001',
  address: '12 Queen Street, Wellington 6011',
  authorityDisplayName: 'Wellington City Council',
  points,
});

describe('renderRfisPdf', () => {
  it('prints the application, each round by type label, team and number with its status, and each point', async () => {
    const bytes = await renderRfisPdf(
      input([
        point(),
        point({
          rfiPointId: 'p2',
          type: 'Consent',
          team: 'Fire',
          round: 2,
          title: 'Fire rating',
          responseDetails: undefined,
          responseDocuments: [],
          responsePersonName: undefined,
          responseLastModifiedDate: undefined,
          customerSubmittedDate: undefined,
          roundSubmittedByName: undefined,
          status: 'NOT_SPECIFIED',
          councilSignedOffDate: undefined,
        }),
      ]),
      new Date('2026-06-11T00:00:00.000Z'),
    );
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    for (const s of [
      'Requests for further information',
      'Application BLD-2026-00001',
      '12 Queen Street, Wellington 6011',
      'Wellington City Council',
      'Lodgement · Structural · Round 1',
      'Status: Processed',
      'Bracing calculations',
      'Provide the bracing calculations for the garage wall.',
      'Hemi Walker · hemi@wcc.govt.nz · 04 499 4444',
      '01 Jun 2026',
      'Location: Garage · Building: Dwelling',
      'Attached are the calculations.',
      'bracing.pdf',
      'Jane Owner',
      'by Jane Owner',
      'Resolved · signed off 10 Jun 2026',
      'Assessment · Fire · Round 2',
      'Status: Not responded · 1 open',
      'No response yet',
      'Not submitted yet',
      'Not specified',
    ])
      expect(text).toContain(s);
    // Lodgement before Assessment (reading order of the shared rules).
    expect(text.indexOf('Lodgement ·')).toBeLessThan(text.indexOf('Assessment ·'));
  });

  it('long texts wrap and break across pages', async () => {
    const short = await pageCount(await renderRfisPdf(input([point()])));
    const long = 'The engineer must show the load paths for every braced wall line. '.repeat(400);
    const bytes = await renderRfisPdf(
      input([point({ requestDetails: long, responseDetails: `${'x'.repeat(3000)}\n${long}` })]),
    );
    expect(short).toBe(1);
    expect(await pageCount(bytes)).toBeGreaterThan(3);
    const text = await pdfText(bytes);
    expect(text).toContain('page 1 of');
  });

  it('characters the standard fonts cannot encode do not crash it: macrons folded, emoji replaced', async () => {
    const bytes = await renderRfisPdf(
      input([
        point({
          title: 'Whare 🏠 at Māngere',
          responseDetails: 'Kia ora 👋 — tēnā koe\tfrom Ōtautahi ✓ 中文',
          responseDocuments: ['plan-Ōtaki.pdf'],
        }),
      ]),
    );
    const text = await pdfText(bytes);
    expect(text).toContain('Whare ? at Mangere');
    expect(text).toContain('tena koe from Otautahi');
    expect(text).toContain('plan-Otaki.pdf');
  });

  it('an application without RFIs says so', async () => {
    const text = await pdfText(await renderRfisPdf(input([])));
    expect(text).toContain('The council has raised no requests for further information.');
  });
});

describe('the stored copy (cache key)', () => {
  it('same points → same key, whatever their order; a changed response → a new key', () => {
    const a = input([point(), point({ rfiPointId: 'p2', displayOrderInRound: 2 })]);
    const key = rfisPdfKey(a);
    expect(key).toMatch(/^rfis-pdf\/1000001\/[0-9a-f]{32}\.pdf$/);
    expect(rfisPdfKey(input([...a.points].reverse()))).toBe(key);
    expect(rfisPdfKey(structuredClone(a))).toBe(key);
    const changed = input([point({ responseDetails: 'Calculations attached (rev B).' }), a.points[1]!]);
    expect(rfisPdfKey(changed)).not.toBe(key);
    expect(rfisPdfKey(input([point({ status: 'NOT_RESOLVED' }), a.points[1]!]))).not.toBe(key);
    expect(rfisPdfKey({ ...a, address: '1 Other Street' })).not.toBe(key);
  });

  it('file name from the application number', () => {
    expect(rfisPdfName({ applicationId: '9', applicationNumber: 'BLD-2026/1' })).toBe('rfis-BLD-2026-1.pdf');
    expect(rfisPdfName({ applicationId: '9' })).toBe('rfis-9.pdf');
  });
});

const record = (over: Partial<RfiPointRecord> = {}): RfiPointRecord => ({
  applicationId: '1000001',
  rfiPointId: 'p1',
  rfiPointGuid: 'p1',
  title: 'Bracing',
  requestDetails: 'Provide bracing',
  requestPerson: { name: 'Hemi', email: 'hemi@wcc.govt.nz' },
  type: 'Vetting',
  team: '',
  round: 1,
  building: '',
  location: '',
  displayOrderInRound: 1,
  status: 'NOT_SPECIFIED',
  documentContainerId: 'rfi-documents',
  responseDocumentNames: ['doc-1'],
  responseDetails: 'See attached',
  councilSentDate: '2026-06-01T00:00:00.000Z',
  ...over,
});
const application = {
  applicationId: '1000001',
  applicationNumber: 'BLD-2026-00001',
  authorityId: 'wcc',
  address: { fullAddress: '12 Queen Street, Wellington 6011' },
};

function fakePorts(points: RfiPointRecord[]) {
  const store = new Map<string, { bytes: Uint8Array; generatedAt: string }>();
  let clock = Date.parse('2026-06-11T00:00:00.000Z');
  const ports: RfisPdfPorts = {
    now: () => new Date((clock += 1000)),
    points: async () => points,
    documents: async () => [{ name: 'doc-1', fileName: 'bracing calcs.pdf' }],
    authorityName: (id) => (id === 'wcc' ? 'Wellington City Council' : undefined),
    findPdf: async (key) => {
      const s = store.get(key);
      return s && { size: s.bytes.byteLength, generatedAt: s.generatedAt };
    },
    storePdf: async (key, bytes, generatedAt) => void store.set(key, { bytes, generatedAt }),
    pdfLink: async (key, fileName, expiresIn) =>
      `https://uploads.local/${key}?name=${fileName}&ttl=${expiresIn}`,
  };
  return { ports, store };
}

describe('rfisPdfService', () => {
  it('renders once per content: again → the stored copy; a changed response → a new copy', async () => {
    const points = [record()];
    const { ports, store } = fakePorts(points);
    const service = rfisPdfService(ports);
    const first = await service.pdf(application);
    expect(first).toMatchObject({
      fileName: 'rfis-BLD-2026-00001.pdf',
      generatedAt: '2026-06-11T00:00:01.000Z',
    });
    expect(first.url).toMatch(/^https:\/\/uploads\.local\/rfis-pdf\/1000001\/[0-9a-f]{32}\.pdf\?.*ttl=300$/);
    expect(first.size).toBe(store.values().next().value!.bytes.byteLength);
    expect(await service.pdf(application)).toEqual(first);
    expect(store.size).toBe(1);
    points[0] = record({ responseDetails: 'See the attached calculations' });
    const second = await service.pdf(application);
    expect(second.url).not.toBe(first.url);
    expect(second.generatedAt).not.toBe(first.generatedAt);
    expect(store.size).toBe(2);
  });

  it('the input: documents by file name, address and authority from the application', () => {
    const printed = rfisPdfInput(application, [record()], new Map([['doc-1', 'bracing calcs.pdf']]), 'WCC');
    expect(printed).toMatchObject({
      address: '12 Queen Street, Wellington 6011',
      authorityDisplayName: 'WCC',
      points: [{ rfiPointId: 'p1', responseDocuments: ['bracing calcs.pdf'], status: 'NOT_SPECIFIED' }],
    });
  });
});

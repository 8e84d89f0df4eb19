import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { pdfText } from '../../../../functions/documents/extraction/handler';
import { parseTitleDate, readTitle } from '../../../../functions/documents/extraction/service/title';
import { CFR_1952, RECORD_2017, rows, titlePdf, type TitleSpec } from '../../../support/titles';

async function read(spec: TitleSpec) {
  return readTitle((await pdfText(await titlePdf(spec))).text);
}
const ownersOf = async (spec: TitleSpec) => {
  const result = await read(spec);
  if (!result.ok) throw new Error(`${result.reason}: ${result.detail}`);
  return result.title.owners.map((o) => o.value);
};

describe('reading a NZ record of title', () => {
  it('a record of title (2017 Act) with joint owners: every field, each with its line', async () => {
    const result = await read({
      heading: RECORD_2017,
      rows: rows('NA123A/456', 'North Auckland', '15 March 2001', 'Lot 2 Deposited Plan 123456'),
      ownersHeading: 'Registered Owners',
      owners: ['Aroha Mere Ngata and Wiremu James Ngata'],
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const t = result.title;
    expect(t.kind).toBe('RecordOfTitle');
    expect(t.identifier?.value).toBe('NA123A/456');
    expect(t.landDistrict?.value).toBe('North Auckland');
    expect(t.dateIssued?.value).toBe('2001-03-15');
    expect(t.legalDescription?.value).toBe('Lot 2 Deposited Plan 123456');
    expect(t.owners.map((o) => o.value)).toEqual(['Aroha Mere Ngata', 'Wiremu James Ngata']);
    expect(t.owners[0]!.line).toBe('Aroha Mere Ngata and Wiremu James Ngata');
  });

  it('a computer freehold register (1952 Act) owned by a company, its proprietors under that heading', async () => {
    const result = await read({
      heading: CFR_1952,
      rows: rows('WN45C/789', 'Wellington', '02/11/1998', 'Lot 7 Deposited Plan 81234'),
      ownersHeading: 'Proprietors',
      owners: ['Kauri Holdings Limited'],
    });
    expect(result.ok && result.title.kind).toBe('ComputerRegister');
    expect(result.ok && result.title.dateIssued?.value).toBe('1998-11-02');
    expect(result.ok && result.title.owners.map((o) => o.value)).toEqual(['Kauri Holdings Limited']);
  });

  it('a family trust: the trustees, people and a trustee company, each once', async () => {
    expect(
      await ownersOf({
        heading: RECORD_2017,
        rows: rows('CB12D/34', 'Canterbury', '1 July 2015', 'Lot 1 Deposited Plan 45678'),
        ownersHeading: 'Registered Owners',
        owners: ['Jane Elizabeth Smith, Robert John Smith and Smith & Partners Trustee Company Limited'],
      }),
    ).toEqual(['Jane Elizabeth Smith', 'Robert John Smith', 'Smith & Partners Trustee Company Limited']);
  });

  it('tenants in common with shares: the names without the share words', async () => {
    expect(
      await ownersOf({
        heading: RECORD_2017,
        rows: rows('OT9B/1001', 'Otago', '30 September 2019', 'Section 12 Block IV Town of Dunedin'),
        ownersHeading: 'Registered Owners',
        owners: ['Peter Brown as to a 1/2 share', 'Mary Anne Brown as to a 1/2 share'],
      }),
    ).toEqual(['Peter Brown', 'Mary Anne Brown']);
  });

  it('owners over several lines, a company among them, and a firm named "X and Y Limited"', async () => {
    expect(
      await ownersOf({
        heading: RECORD_2017,
        rows: rows('SA55/12', 'South Auckland', '12 Feb 2022', 'Lot 3 Deposited Plan 500123'),
        ownersHeading: 'Registered Owners',
        owners: [
          'Te Rangi Holdings Limited, Tamati Paul Walker and',
          'Hinemoa Walker and Baker and Sons Limited',
        ],
      }),
    ).toEqual([
      'Te Rangi Holdings Limited',
      'Tamati Paul Walker',
      'Hinemoa Walker',
      'Baker and Sons Limited',
    ]);
  });

  it('a unit title register', async () => {
    expect(
      await ownersOf({
        heading: ['COMPUTER UNIT TITLE REGISTER', 'UNDER LAND TRANSFER ACT 1952 AND UNIT TITLES ACT 1972'],
        rows: rows('NA98B/76', 'North Auckland', '20 August 2004', 'Unit 4 Deposited Plan 201234'),
        ownersHeading: 'Proprietors',
        owners: ['Li Wei Chen'],
      }),
    ).toEqual(['Li Wei Chen']);
  });

  it('proposes nothing for a document that is not a title, even one naming registered owners', async () => {
    const result = await read({
      heading: ['SITE PLAN', 'Proposed dwelling, 12 Queen Street'],
      rows: [['Drawn', '12/03/2026']],
      ownersHeading: 'Registered Owners',
      owners: ['Someone Else'],
    });
    expect(result).toMatchObject({ ok: false, reason: 'NotATitle' });
  });

  it('proposes nothing for a scanned title (no text layer), and says so', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([595, 842]).drawRectangle({ x: 40, y: 40, width: 500, height: 700, borderWidth: 1 });
    const result = readTitle((await pdfText(await doc.save())).text);
    expect(result).toMatchObject({ ok: false, reason: 'NoText' });
  });

  it('proposes nothing when the owners section cannot be read', async () => {
    const result = await read({
      heading: RECORD_2017,
      rows: rows('NA1/1', 'North Auckland', '1 January 1990', 'Lot 1 Deposited Plan 1'),
      owners: [],
    });
    expect(result).toMatchObject({ ok: false, reason: 'NoOwners' });
  });
});

describe('title dates', () => {
  it.each([
    ['15 March 2001', '2001-03-15'],
    ['2 Nov 1998', '1998-11-02'],
    ['02/11/1998', '1998-11-02'],
    ['2-11-1998', '1998-11-02'],
    ['31 February 2020', undefined],
    ['31/04/2020', undefined],
    ['sometime in 2020', undefined],
  ])('%s → %s', (raw, iso) => {
    expect(parseTitleDate(raw)).toBe(iso);
  });
});

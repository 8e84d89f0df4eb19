import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * Titles laid out as LINZ prints them (labels in a left column, values at a second column on the
 * same baseline), made with pdf-lib and read back with the extraction's own text step (pdf.js), so
 * the rules are tested on the text a real title gives, not on hand-written strings.
 */
export interface TitleSpec {
  heading: string[];
  rows: [label: string, value: string][];
  ownersHeading?: string;
  owners: string[];
  after?: string[];
}

export async function titlePdf(spec: TitleSpec): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let y = 800;
  const line = (text: string, x = 50, font = regular, size = 10) => page.drawText(text, { x, y, size, font });
  for (const h of spec.heading) {
    line(h, 200, bold, 12);
    y -= 16;
  }
  y -= 12;
  for (const [label, value] of spec.rows) {
    line(label, 50, bold);
    line(value, 220);
    y -= 14;
  }
  y -= 12;
  if (spec.ownersHeading !== undefined) {
    line(spec.ownersHeading, 50, bold);
    y -= 14;
  }
  for (const o of spec.owners) {
    line(o);
    y -= 14;
  }
  y -= 12;
  for (const a of spec.after ?? ['Interests', 'Subject to Section 241(2) Resource Management Act 1991']) {
    line(a);
    y -= 14;
  }
  return doc.save();
}

export const RECORD_2017 = ['RECORD OF TITLE', 'UNDER LAND TRANSFER ACT 2017', 'FREEHOLD', 'Search Copy'];
export const CFR_1952 = ['COMPUTER FREEHOLD REGISTER', 'UNDER LAND TRANSFER ACT 1952', 'Search Copy'];
export const rows = (id: string, district: string, issued: string, legal: string): TitleSpec['rows'] => [
  ['Identifier', id],
  ['Land Registration District', district],
  ['Date Issued', issued],
  ['Estate', 'Fee Simple'],
  ['Area', '809 square metres more or less'],
  ['Legal Description', legal],
];

/** A title with no text layer (a scan): a page of drawn lines only. */
export async function scannedTitlePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  for (let i = 0; i < 40; i++) page.drawRectangle({ x: 40, y: 60 + i * 18, width: 500, height: 2 });
  return doc.save();
}

/**
 * The extraction test set (docs/documents.md): generated titles of each layout with the owners
 * they name (every one must be found), and documents that must propose nothing (`owners: []`).
 */
export const titleSet: { name: string; pdf: () => Promise<Uint8Array>; owners: string[] }[] = [
  {
    name: 'record of title, joint owners',
    pdf: () =>
      titlePdf({
        heading: RECORD_2017,
        rows: rows('NA123A/456', 'North Auckland', '15 March 2001', 'Lot 2 Deposited Plan 123456'),
        ownersHeading: 'Registered Owners',
        owners: ['Aroha Mere Ngata and Wiremu James Ngata'],
      }),
    owners: ['Aroha Mere Ngata', 'Wiremu James Ngata'],
  },
  {
    name: 'computer freehold register, a company',
    pdf: () =>
      titlePdf({
        heading: CFR_1952,
        rows: rows('WN45C/789', 'Wellington', '02/11/1998', 'Lot 7 Deposited Plan 81234'),
        ownersHeading: 'Proprietors',
        owners: ['Kauri Holdings Limited'],
      }),
    owners: ['Kauri Holdings Limited'],
  },
  {
    name: 'record of title, a family trust with a trustee company',
    pdf: () =>
      titlePdf({
        heading: RECORD_2017,
        rows: rows('CB12D/34', 'Canterbury', '1 July 2015', 'Lot 1 Deposited Plan 45678'),
        ownersHeading: 'Registered Owners',
        owners: ['Jane Elizabeth Smith, Robert John Smith and Smith & Partners Trustee Company Limited'],
      }),
    owners: ['Jane Elizabeth Smith', 'Robert John Smith', 'Smith & Partners Trustee Company Limited'],
  },
  {
    name: 'record of title, tenants in common',
    pdf: () =>
      titlePdf({
        heading: RECORD_2017,
        rows: rows('OT9B/1001', 'Otago', '30 September 2019', 'Section 12 Block IV Town of Dunedin'),
        ownersHeading: 'Registered Owners',
        owners: ['Peter Brown as to a 1/2 share', 'Mary Anne Brown as to a 1/2 share'],
      }),
    owners: ['Peter Brown', 'Mary Anne Brown'],
  },
  {
    name: 'record of title, owners over two lines with companies',
    pdf: () =>
      titlePdf({
        heading: RECORD_2017,
        rows: rows('SA55/12', 'South Auckland', '12 Feb 2022', 'Lot 3 Deposited Plan 500123'),
        ownersHeading: 'Registered Owners',
        owners: [
          'Te Rangi Holdings Limited, Tamati Paul Walker and',
          'Hinemoa Walker and Baker and Sons Limited',
        ],
      }),
    owners: ['Te Rangi Holdings Limited', 'Tamati Paul Walker', 'Hinemoa Walker', 'Baker and Sons Limited'],
  },
  {
    name: 'unit title register',
    pdf: () =>
      titlePdf({
        heading: ['COMPUTER UNIT TITLE REGISTER', 'UNDER LAND TRANSFER ACT 1952 AND UNIT TITLES ACT 1972'],
        rows: rows('NA98B/76', 'North Auckland', '20 August 2004', 'Unit 4 Deposited Plan 201234'),
        ownersHeading: 'Proprietors',
        owners: ['Li Wei Chen'],
      }),
    owners: ['Li Wei Chen'],
  },
  {
    name: 'a site plan naming registered owners (not a title)',
    pdf: () =>
      titlePdf({
        heading: ['SITE PLAN', 'Proposed dwelling, 12 Queen Street'],
        rows: [['Drawn', '12/03/2026']],
        ownersHeading: 'Registered Owners',
        owners: ['Someone Else'],
      }),
    owners: [],
  },
  { name: 'a scanned title (no text layer)', pdf: scannedTitlePdf, owners: [] },
  {
    name: 'a title without an owners section',
    pdf: () =>
      titlePdf({
        heading: RECORD_2017,
        rows: rows('NA1/1', 'North Auckland', '1 January 1990', 'Lot 1 Deposited Plan 1'),
        owners: [],
      }),
    owners: [],
  },
];

import { PDFDocument, StandardFonts } from 'pdf-lib';
import { documentLimits } from '../../shared/schemas/documents.js';
import type { IssuedDocumentKind } from '../../shared/schemas/issued-documents.js';

/**
 * The small PDF the simulator and the automatic council issue with a grant and a CCC (docs/council-api.md
 * "Issued documents"): one A4 page naming the document, the consent number and the date, past the
 * 6,000-byte minimum every upload has.
 */
export async function issuedDocumentPdf(input: {
  kind: IssuedDocumentKind;
  consentNumber: string;
  authorityName: string;
  date: string;
}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${input.kind} ${input.consentNumber}`);
  doc.setAuthor(input.authorityName);
  const page = doc.addPage([595, 842]);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText(input.kind, { x: 56, y: 770, size: 22, font: bold });
  const lines = [
    `Issued by ${input.authorityName} under the Building Act 2004.`,
    `Consent number: ${input.consentNumber}`,
    `Date issued: ${input.date}`,
    '',
    ...bodyOf(input.kind),
  ];
  lines.forEach((line, i) => page.drawText(line, { x: 56, y: 730 - i * 16, size: 11, font }));
  // Uploads are at least 6,000 bytes: a longer subject where the page alone is smaller.
  const bytes = await doc.save({ useObjectStreams: false });
  if (bytes.byteLength >= documentLimits.minFileSize + 500) return bytes;
  doc.setSubject(`${input.kind} ${input.consentNumber}. `.repeat(Math.ceil(7000 / 40)));
  return doc.save({ useObjectStreams: false });
}

function bodyOf(kind: IssuedDocumentKind): string[] {
  switch (kind) {
    case 'Building consent':
      return [
        'The building work described in the application may be carried out',
        'in accordance with the approved plans, the specifications and the',
        'conditions of this consent.',
      ];
    case 'Consent conditions':
      return [
        '1. The work must be inspected at each of the required inspections.',
        '2. The approved plans must be kept on site while the work is carried out.',
        '3. Apply for a code compliance certificate within two years of this consent.',
      ];
    case 'Code compliance certificate':
      return [
        'The council is satisfied on reasonable grounds that the building work',
        'complies with the building consent.',
      ];
    default:
      return ['A document issued on this consent.'];
  }
}

/** What issuing takes: the council client's upload (infra/council/client.ts `issueDocument`). */
export interface Issuer {
  issueDocument(
    id: string,
    kind: IssuedDocumentKind,
    fileName: string,
    bytes: Uint8Array,
    o?: { idempotencyKey?: string },
  ): Promise<unknown>;
}

/** The file name an issued document is uploaded as: `Building consent WCC-BC-2026-1.pdf`. */
export const issuedFileName = (kind: IssuedDocumentKind, consentNumber: string) =>
  `${kind} ${consentNumber.replace(/\//g, '-')}.pdf`;

/**
 * Issues the kinds' PDFs on a granted application (the consent and its conditions with the grant,
 * the certificate with the CCC); each upload's Idempotency-Key is `<keyPrefix>:<kind>` when given.
 */
export async function issueDocuments(
  council: Issuer,
  app: { id: string; consentNumber: string; authorityName: string; date: string },
  kinds: readonly IssuedDocumentKind[],
  keyPrefix?: string,
): Promise<void> {
  for (const kind of kinds) {
    const bytes = await issuedDocumentPdf({ kind, ...app });
    await council.issueDocument(
      app.id,
      kind,
      issuedFileName(kind, app.consentNumber),
      bytes,
      keyPrefix ? { idempotencyKey: `${keyPrefix}:${kind.replace(/ /g, '-')}` } : undefined,
    );
  }
}

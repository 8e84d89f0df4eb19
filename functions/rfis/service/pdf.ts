import { createHash } from 'node:crypto';
import {
  rfiRoundsOf,
  rfiTypeLabels,
  type RfiPointStatusValue,
  type RfiRoundState,
  type RfiType,
} from '../../../shared/domain/rfis.js';
import { formatNzDate, formatNzDateTime } from '../../../shared/domain/dates.js';
import { SIZE, Writer } from '../../platform/pdf/writer.js';

/**
 * The RFIs PDF of an application (docs/rfis.md):
 * the application (number, address, authority), then every round in reading order (type label, team,
 * round number, the round's status from the shared rules) and each point: the request (title, details,
 * who asked, sent date, location and building), the response (text, documents, who responded and
 * when, when and by whom it was submitted) and the council's status and sign-off date.
 *
 * `renderRfisPdf` is pure (input → bytes); `rfisPdfKey` names the stored copy by a hash of everything
 * printed, so the copy is made again only when the RFIs (or the printed application fields) change.
 */

/** One point as printed. */
export interface RfisPdfPoint {
  rfiPointId: string;
  type: RfiType;
  team: string;
  round: number;
  displayOrderInRound: number;
  title: string;
  requestDetails: string;
  requestPerson: { name?: string | undefined; email?: string | undefined; phone?: string | undefined };
  councilSentDate?: string | undefined;
  location: string;
  building: string;
  responseDetails?: string | undefined;
  /** The response's documents by their file names. */
  responseDocuments: string[];
  responsePersonName?: string | undefined;
  responseLastModifiedDate?: string | undefined;
  customerSubmittedDate?: string | undefined;
  roundSubmittedByName?: string | undefined;
  status: RfiPointStatusValue;
  councilSignedOffDate?: string | undefined;
}

export interface RfisPdfInput {
  applicationId: string;
  applicationNumber?: string | undefined;
  address?: string | undefined;
  authorityDisplayName?: string | undefined;
  points: RfisPdfPoint[];
}

/** Bumped when the layout changes, so stored copies of the old layout are not served. */
const LAYOUT_VERSION = 1;

export const TITLE = 'Requests for further information';

export const roundStateLabels: Record<RfiRoundState, string> = {
  NotResponded: 'Not responded',
  Responded: 'Responded',
  Submitted: 'Submitted',
  Processed: 'Processed',
};

export const pointStatusLabels: Record<RfiPointStatusValue, string> = {
  RESOLVED: 'Resolved',
  NOT_RESOLVED: 'Not resolved',
  INCOMPLETE: 'Incomplete',
  SUBMITTED: 'Submitted',
  NOT_SUBMITTED: 'Not submitted',
  NOT_SPECIFIED: 'Not specified',
};

const date = (v: string | undefined) => (v ? formatNzDate(v) || v : undefined);
const dateTime = (v: string | undefined) => (v ? formatNzDateTime(v) || v : undefined);
const joined = (...parts: (string | undefined)[]) => parts.filter((p) => p?.trim()).join(' · ');

/** The PDF's file name: `rfis-<applicationNumber>.pdf` (the id when no number was given). */
export const rfisPdfName = (a: { applicationNumber?: string | undefined; applicationId: string }): string =>
  `rfis-${(a.applicationNumber ?? a.applicationId).replace(/[^A-Za-z0-9._-]/g, '-')}.pdf`;

/**
 * Where the PDF of this input is stored: `rfis-pdf/{applicationId}/{hash}.pdf`, the hash of every
 * printed field (points in reading order) and the layout version. Same RFIs → same key.
 */
export function rfisPdfKey(input: RfisPdfInput): string {
  const points = rfiRoundsOf(input.points).flatMap((r) => r.points);
  const hash = createHash('sha256')
    .update(JSON.stringify({ v: LAYOUT_VERSION, ...input, points }))
    .digest('hex')
    .slice(0, 32);
  return `rfis-pdf/${input.applicationId}/${hash}.pdf`;
}

function point(w: Writer, p: RfisPdfPoint, n: number) {
  w.text(`${n}. ${p.title || 'Untitled point'}`, { size: SIZE.body, bold: true, gapAfter: 2 });
  w.field('Request', p.requestDetails || '—', 12);
  const who = joined(p.requestPerson.name, p.requestPerson.email, p.requestPerson.phone);
  if (who) w.field('Asked by', who, 12);
  const sent = date(p.councilSentDate);
  if (sent) w.field('Sent', sent, 12);
  const place = joined(p.location && `Location: ${p.location}`, p.building && `Building: ${p.building}`);
  if (place) w.field('Where', place, 12);
  w.field('Response', p.responseDetails?.trim() ? p.responseDetails : 'No response yet', 12);
  w.field(
    'Response documents',
    p.responseDocuments.length > 0 ? p.responseDocuments.join('\n') : 'No documents',
    12,
  );
  const responded = joined(p.responsePersonName, dateTime(p.responseLastModifiedDate));
  if (responded) w.field('Responded by', responded, 12);
  w.field(
    'Submitted',
    p.customerSubmittedDate
      ? joined(dateTime(p.customerSubmittedDate), p.roundSubmittedByName && `by ${p.roundSubmittedByName}`)
      : 'Not submitted yet',
    12,
  );
  w.field(
    'Council status',
    joined(
      pointStatusLabels[p.status] ?? p.status,
      p.councilSignedOffDate && `signed off ${date(p.councilSignedOffDate)}`,
    ),
    12,
  );
  w.gap(6);
}

/** The RFIs PDF's bytes; `generatedAt` is printed and recorded as the document's creation date. */
export async function renderRfisPdf(input: RfisPdfInput, generatedAt = new Date()): Promise<Uint8Array> {
  // pdf-lib is loaded on the first render, not at every cold start (a stored copy is served without
  // it; docs/performance.md).
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  const number = input.applicationNumber ?? input.applicationId;
  const title = `${TITLE} – ${number}`;
  doc.setTitle(title);
  doc.setSubject('Requests for further information');
  doc.setProducer('Consent portal');
  doc.setCreator('Consent portal');
  doc.setCreationDate(generatedAt);
  doc.setModificationDate(generatedAt);
  const w = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );

  w.text(TITLE, { size: SIZE.title, bold: true });
  w.text(`Application ${number}`, { size: SIZE.heading, gapAfter: 6 });
  w.field('Address', input.address || 'Not given');
  if (input.authorityDisplayName) w.field('Building consent authority', input.authorityDisplayName);
  w.field('Printed', formatNzDateTime(generatedAt));

  const rounds = rfiRoundsOf(input.points);
  if (rounds.length === 0) {
    w.heading('Rounds');
    w.text('The council has raised no requests for further information.', { grey: true });
  }
  for (const round of rounds) {
    w.heading(joined(rfiTypeLabels[round.type], round.team, `Round ${round.round}`));
    const open = round.openCount > 0 ? ` · ${round.openCount} open` : '';
    w.text(`Status: ${roundStateLabels[round.status]}${open}`, { grey: true, gapAfter: 6 });
    round.points.forEach((p, i) => point(w, p, i + 1));
  }

  w.footer(title);
  return doc.save();
}

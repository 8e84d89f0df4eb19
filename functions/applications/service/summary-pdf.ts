import { PDFDocument, StandardFonts } from 'pdf-lib';
import { SIZE, Writer } from '../../platform/pdf/writer.js';
import type { FormioComponent, FormioInput } from '../../../shared/schemas/formio.js';
import { getFormioDefinition } from '../../../shared/formio/definitions.js';
import { referenceData, type ReferenceData } from '../../reference/index.js';
import { fullAddressOf } from '../../../shared/domain/address.js';
import {
  DATE_FORMAT,
  DATE_TIME_SHORT_FORMAT,
  formatNzDate,
  formatNzDateTime,
} from '../../../shared/domain/dates.js';
import { getDocument, latestSnapshot, setSummaryPdfName, storeSummaryDocument } from '../repository/steps.js';

/**
 * The summary PDF of a submitted application (pdf-lib, pure JS): the form name and application
 * number, the site (address, legal description), the authority, the submitted date and signature,
 * each Formio step's answers with the definitions' labels (options shown by their labels), the
 * participants with their roles and the documents by container.
 *
 * `renderSummaryPdf` is pure (input → bytes); `makeSummaryPdf` makes it once per submission from the
 * newest snapshot and stores it (uploads bucket and a Completed applicationDocument in container
 * 'application-summary'): the `applications.summaryPdf` consumer of ApplicationSubmitted runs it
 * (functions/applications/consumers.ts).
 */

export interface SummaryInput {
  formDisplayName: string;
  applicationNumber?: string | undefined;
  applicationId: string;
  address?: string | undefined;
  legalDescription?: string | undefined;
  authorityDisplayName?: string | undefined;
  submissionDate?: string | undefined;
  userSignature?: string | undefined;
  /** The signer's full name as on their profile, and when they signed. */
  signedBy?: string | undefined;
  signedAt?: string | undefined;
  declarationText?: string | undefined;
  /** Formio steps in order: their display name, definition and saved data. */
  steps: { displayName: string; formioName: string; data: Record<string, unknown> }[];
  participants: {
    name: string;
    roles: string[];
    email?: string | undefined;
    organisation?: string | undefined;
  }[];
  /** Documents grouped by container display name, in container order. */
  documents: { container: string; files: string[] }[];
}

/** One answer line: the field's label and its value as the applicant saw it. */
export interface Answer {
  label: string;
  value: string;
  /** Section heading (panel title / fieldset legend) the answer sits under, if any. */
  section?: string | undefined;
}

const absent = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

const NZD = new Intl.NumberFormat('en-NZ', { style: 'currency', currency: 'NZD' });

/**
 * A date answer as the portal shows dates (docs/applications.md, New Zealand time): 'dd MMM yyyy', or
 * 'dd MMM yyyy h:mm a' with its time; a value that is not a date is printed as it is.
 */
export function formatDate(value: string, withTime = false): string {
  return formatNzDate(value, withTime ? DATE_TIME_SHORT_FORMAT : DATE_FORMAT) || value;
}

/** A value as its component shows it: option labels, Yes/No, dates, NZ$ amounts. */
export function formatValue(c: FormioInput, value: unknown): string | undefined {
  if (absent(value)) return undefined;
  switch (c.type) {
    case 'select':
      return c.data.values.find((o) => o.value === value)?.label ?? String(value);
    case 'radio':
      return c.values.find((o) => o.value === value)?.label ?? String(value);
    case 'selectboxes': {
      if (typeof value !== 'object' || value === null) return undefined;
      const chosen = c.values.filter((o) => (value as Record<string, unknown>)[o.value] === true);
      return chosen.length > 0 ? chosen.map((o) => o.label).join(', ') : undefined;
    }
    case 'checkbox':
      return value === true ? 'Yes' : 'No';
    case 'datetime':
      return typeof value === 'string' ? formatDate(value, c.enableTime) : String(value);
    case 'currency':
      return typeof value === 'number' ? NZD.format(value) : String(value);
    case 'number':
      return String(value);
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}

/** The answers of a step's data, in the definition's order, with the definition's labels. */
export function answersOf(
  components: readonly FormioComponent[],
  data: Record<string, unknown>,
  section?: string,
): Answer[] {
  return components.flatMap((c): Answer[] => {
    if (c.type === 'panel') return answersOf(c.components, data, c.title);
    if (c.type === 'fieldset') return answersOf(c.components, data, c.legend ?? section);
    if (c.type === 'datagrid') {
      const rows = data[c.key];
      if (!Array.isArray(rows) || rows.length === 0) return [];
      return rows.flatMap((row, i) => {
        const cells = c.components
          .map((cell) => {
            const v = formatValue(cell, (row as Record<string, unknown>)?.[cell.key]);
            return v === undefined ? undefined : `${cell.label}: ${v}`;
          })
          .filter((s): s is string => s !== undefined);
        return cells.length > 0 ? [{ label: `${c.label} (${i + 1})`, value: cells.join('; '), section }] : [];
      });
    }
    const value = formatValue(c, data[c.key]);
    return value === undefined ? [] : [{ label: c.label, value, section }];
  });
}

/** The summary PDF's bytes. */
export async function renderSummaryPdf(input: SummaryInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const number = input.applicationNumber ?? input.applicationId;
  const title = `${input.formDisplayName} – ${number}`;
  doc.setTitle(title);
  doc.setSubject('Application summary');
  doc.setProducer('Consent portal');
  doc.setCreator('Consent portal');
  if (input.submissionDate) doc.setCreationDate(new Date(input.submissionDate));
  const w = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );

  w.text(input.formDisplayName, { size: SIZE.title, bold: true });
  w.text(`Application ${number}`, { size: SIZE.heading, gapAfter: 6 });

  w.heading('Application');
  w.field('Address', input.address ?? 'Not given');
  if (input.legalDescription) w.field('Legal description', input.legalDescription);
  if (input.authorityDisplayName) w.field('Building consent authority', input.authorityDisplayName);
  if (input.submissionDate) w.field('Submitted', formatNzDateTime(input.submissionDate));
  const signer = input.signedBy ?? input.userSignature;
  if (signer) w.field('Signed by', signer);
  if (input.signedAt) w.field('Signed at', formatNzDateTime(input.signedAt));
  if (input.declarationText) w.field('Declaration agreed to', input.declarationText);

  for (const step of input.steps) {
    w.heading(step.displayName);
    const form = getFormioDefinition(step.formioName);
    const answers = form ? answersOf(form.components, step.data) : [];
    if (answers.length === 0) w.text('No answers given', { grey: true });
    let section: string | undefined;
    for (const a of answers) {
      if (a.section && a.section !== section) w.text(a.section, { grey: true, gapAfter: 2 });
      section = a.section;
      w.field(a.label, a.value);
    }
  }

  w.heading('People on this application');
  if (input.participants.length === 0) w.text('No participants', { grey: true });
  for (const p of input.participants) {
    const details = [p.roles.length > 0 ? p.roles.join(', ') : 'No role', p.organisation, p.email]
      .filter(Boolean)
      .join(' · ');
    w.field(p.name, details);
  }

  w.heading('Documents');
  if (input.documents.length === 0) w.text('No documents', { grey: true });
  for (const group of input.documents) w.field(group.container, group.files.join('\n'));

  w.footer(title);
  return doc.save();
}

// ---- the snapshot and the stored PDF ----

/** What a submission snapshot holds (applicationSnapshot.content, JSON). */
export interface SnapshotContent {
  application: {
    applicationId: string;
    applicationNumber?: string | undefined;
    formId: string;
    authorityId: string;
    jurisdictionId?: string | undefined;
    status: string;
    address?: { fullAddress?: string | undefined } & Record<string, unknown>;
    legalDescription?: string | undefined;
    submissionDate?: string | undefined;
    userSignature?: string | undefined;
    signedBy?: { userId: string; name: string } | undefined;
    signedAt?: string | undefined;
    declarationText?: string | undefined;
  } & Record<string, unknown>;
  steps: {
    stepId: string;
    breadcrumbId: string;
    type: string;
    displayName: string;
    formioName?: string | undefined;
    data: Record<string, unknown>;
    valid?: boolean | undefined;
  }[];
  participants: {
    participantId: string;
    firstName?: string | undefined;
    lastName?: string | undefined;
    groupName?: string | undefined;
    organisation?: string | undefined;
    email?: string | undefined;
    participantTypes: string[];
    accessLevel?: string | undefined;
  }[];
  documents: {
    documentName: string;
    fileName: string;
    documentContainerId?: string | undefined;
    fileSize?: number | undefined;
    uploadStatus: string;
    fileModifiedDate?: string | undefined;
  }[];
}

/** The PDF's name: `summary-<applicationNumber>.pdf` (the id when no number was given). */
export const summaryPdfName = (a: {
  applicationNumber?: string | undefined;
  applicationId: string;
}): string => `summary-${(a.applicationNumber ?? a.applicationId).replace(/[^A-Za-z0-9._-]/g, '-')}.pdf`;

/** The PDF's input from a snapshot and the reference data. */
export function summaryInputOf(content: SnapshotContent, ref: ReferenceData = referenceData()): SummaryInput {
  const a = content.application;
  const form = ref.forms.find((f) => f.id === a.formId);
  const authority = ref.authorities.find((x) => x.id === a.authorityId);
  const typeName = (t: string) =>
    ref.participantTypes.find((p) => p.id === t || p.name === t)?.displayName ?? t;
  const containers = [...ref.documentContainers].sort((x, y) => x.displayOrder - y.displayOrder);
  const byContainer = new Map<string, string[]>();
  for (const d of content.documents) {
    const key = d.documentContainerId ?? 'other';
    byContainer.set(key, [...(byContainer.get(key) ?? []), d.fileName]);
  }
  const documents = [
    ...containers
      .filter((c) => byContainer.has(c.id))
      .map((c) => ({ container: c.displayName, files: byContainer.get(c.id)! })),
    ...[...byContainer.entries()]
      .filter(([id]) => !containers.some((c) => c.id === id))
      .map(([id, files]) => ({ container: id, files })),
  ];
  return {
    formDisplayName: form?.displayName ?? a.formId,
    applicationNumber: a.applicationNumber,
    applicationId: a.applicationId,
    address: a.address?.fullAddress ?? fullAddressOf(a.address ?? {}),
    legalDescription: a.legalDescription,
    authorityDisplayName: authority?.displayName,
    submissionDate: a.submissionDate,
    userSignature: a.userSignature,
    signedBy: a.signedBy?.name,
    signedAt: a.signedAt,
    // The declaration as it was agreed to; a submission from before it was recorded: the form's.
    declarationText: a.declarationText ?? form?.declarationText,
    steps: content.steps
      .filter((s): s is typeof s & { formioName: string } => s.type === 'Formio' && !!s.formioName)
      .map((s) => ({ displayName: s.displayName, formioName: s.formioName, data: s.data })),
    participants: content.participants.map((p) => ({
      name:
        [p.firstName, p.lastName].filter(Boolean).join(' ') ||
        p.groupName ||
        p.organisation ||
        p.email ||
        'Unnamed',
      roles: p.participantTypes.map(typeName),
      email: p.email,
      organisation: p.organisation,
    })),
    documents,
  };
}

/** What making a submission's summary PDF reads and writes (the table and bucket's by default). */
export interface SummaryPdfDeps {
  /** The application's newest snapshot: its submission date, content (JSON) and PDF's name once made. */
  latestSnapshot(
    applicationId: string,
  ): Promise<{ submissionDate: string; content: string; summaryPdf?: string | undefined } | undefined>;
  getDocument(applicationId: string, documentName: string): Promise<{ uploadStatus?: string } | undefined>;
  render(input: SummaryInput): Promise<Uint8Array>;
  store(input: {
    applicationId: string;
    documentName: string;
    bytes: Uint8Array;
    createdBy: string;
  }): Promise<unknown>;
  /** Records the name on the application and on the snapshot (no etag change: not an edit). */
  setName(applicationId: string, documentName: string, snapshotSubmissionDate: string): Promise<void>;
}

export const tableSummaryPdfDeps: SummaryPdfDeps = {
  latestSnapshot,
  getDocument,
  render: renderSummaryPdf,
  store: storeSummaryDocument,
  setName: setSummaryPdfName,
};

/**
 * Makes the summary PDF of an application's newest submission, once: when that snapshot already
 * names its PDF and the document is Completed, nothing is made again (a redelivered
 * ApplicationSubmitted changes nothing). The PDF is stored (uploads bucket under generated/, a
 * Completed document in container 'application-summary', replacing the previous submission's) before
 * its name is recorded on the application, so a name the application shows is always downloadable.
 * Returns the document's name, or undefined when the application was never submitted.
 */
export async function makeSummaryPdf(
  applicationId: string,
  createdBy: string,
  deps: SummaryPdfDeps = tableSummaryPdfDeps,
): Promise<string | undefined> {
  const snapshot = await deps.latestSnapshot(applicationId);
  if (!snapshot) return undefined;
  if (snapshot.summaryPdf) {
    const doc = await deps.getDocument(applicationId, snapshot.summaryPdf);
    if (doc?.uploadStatus === 'Completed') return snapshot.summaryPdf;
  }
  const content = JSON.parse(snapshot.content) as SnapshotContent;
  const name = summaryPdfName(content.application);
  const bytes = await deps.render(summaryInputOf(content));
  await deps.store({ applicationId, documentName: name, bytes, createdBy });
  await deps.setName(applicationId, name, snapshot.submissionDate);
  return name;
}

/**
 * The summary PDF is a consumer of the submission (applications.summaryPdf): made once from the
 * snapshot the submission's transaction wrote, stored, then named on the application and its rows.
 * A redelivered event makes no second PDF and no second document; a resubmission makes its own.
 */
import { describe, expect, it } from 'vitest';
import { Logger } from '@aws-lambda-powertools/logger';
import { applicationConsumers } from '../../../../functions/applications/consumers';
import type { ApplicationConsumerDeps } from '../../../../functions/applications/consumers';
import type { ApplicationRecord } from '../../../../functions/applications/repository/applications';
import { makeSummaryPdf } from '../../../../functions/applications/service/summary-pdf';
import type { SnapshotContent, SummaryPdfDeps } from '../../../../functions/applications/service/summary-pdf';
import { newEvent } from '../../../../functions/platform/events/outbox';
import type { EventConsumer } from '../../../../functions/platform/events/consumers';

const logger = new Logger({ serviceName: 'test', logLevel: 'SILENT' });

const content = (submissionDate: string): SnapshotContent => ({
  application: {
    applicationId: '1000001',
    applicationNumber: 'BLD-2026-00001',
    formId: 'bc',
    authorityId: 'akl',
    status: 'Submitted',
    submissionDate,
    userSignature: 'Ann Applicant',
  } as SnapshotContent['application'],
  steps: [],
  participants: [],
  documents: [],
});

function world() {
  let application: ApplicationRecord | undefined = {
    applicationId: '1000001',
    applicationNumber: 'BLD-2026-00001',
    status: 'Submitted',
  } as ApplicationRecord;
  const snapshots: { submissionDate: string; content: string; summaryPdf?: string }[] = [];
  const documents = new Map<string, { uploadStatus: string; bytes: Uint8Array }>();
  const rendered: string[] = [];
  const stored: string[] = [];
  const synced: string[] = [];
  const pdfDeps: SummaryPdfDeps = {
    latestSnapshot: async () => snapshots.at(-1),
    getDocument: async (_id, name) => documents.get(name),
    render: async (input) => {
      rendered.push(input.submissionDate ?? '');
      return new TextEncoder().encode(`%PDF ${input.submissionDate}`);
    },
    store: async ({ documentName, bytes }) => {
      stored.push(documentName);
      documents.set(documentName, { uploadStatus: 'Completed', bytes });
    },
    setName: async (_id, name, submissionDate) => {
      if (application) application = { ...application, applicationFormPdf: name };
      const snap = snapshots.find((s) => s.submissionDate === submissionDate);
      if (snap) snap.summaryPdf = name;
    },
  };
  const deps: ApplicationConsumerDeps = {
    getApplication: async () => application,
    syncAccessRows: async (a) => {
      synced.push(a.applicationFormPdf ?? '-');
    },
    putSearchEntries: async () => {},
    deleteSearchEntries: async () => {},
    accessUserIds: async () => [],
    contributions: {
      source: async () => undefined,
      contribution: async () => undefined,
      move: async () => true,
    },
    summaryPdf: (id, by) => makeSummaryPdf(id, by, pdfDeps),
    reconcileListOrder: async () => undefined,
  };
  const consumer = applicationConsumers(deps).find(
    (c) => c.name === 'applications.summaryPdf',
  ) as EventConsumer;
  const submitted = (submissionDate: string) => {
    snapshots.push({ submissionDate, content: JSON.stringify(content(submissionDate)) });
    return newEvent('ApplicationSubmitted', {
      aggregate: { type: 'application', id: '1000001' },
      actor: 'ann',
      data: { status: 'Submitted' },
    });
  };
  return {
    consumer,
    submitted,
    rendered,
    stored,
    synced,
    documents,
    application: () => application,
    remove: () => {
      application = undefined;
    },
  };
}

describe('applications.summaryPdf: the summary PDF is a consumer of ApplicationSubmitted', () => {
  it('handles the submission only', () => {
    expect(world().consumer.handles).toEqual(['ApplicationSubmitted']);
  });

  it('makes the PDF of the submission, stores it, then names it on the application and its rows', async () => {
    const w = world();
    await w.consumer.handle(w.submitted('2026-06-01T00:00:00.000Z'), { logger });
    expect(w.rendered).toEqual(['2026-06-01T00:00:00.000Z']);
    expect(w.stored).toEqual(['summary-BLD-2026-00001.pdf']);
    expect(w.application()!.applicationFormPdf).toBe('summary-BLD-2026-00001.pdf');
    expect(w.synced).toEqual(['summary-BLD-2026-00001.pdf']);
  });

  it('a redelivered event makes no second PDF and no second document', async () => {
    const w = world();
    const event = w.submitted('2026-06-01T00:00:00.000Z');
    await w.consumer.handle(event, { logger });
    await w.consumer.handle(event, { logger });
    await w.consumer.handle(event, { logger });
    expect(w.rendered).toHaveLength(1);
    expect(w.stored).toEqual(['summary-BLD-2026-00001.pdf']);
    expect([...w.documents.keys()]).toEqual(['summary-BLD-2026-00001.pdf']);
  });

  it('a crash after storing but before naming makes it again under the same name (still one document)', async () => {
    const w = world();
    const event = w.submitted('2026-06-01T00:00:00.000Z');
    // The document was stored, the names were not recorded.
    w.documents.set('summary-BLD-2026-00001.pdf', { uploadStatus: 'Completed', bytes: new Uint8Array() });
    await w.consumer.handle(event, { logger });
    expect(w.rendered).toHaveLength(1);
    expect([...w.documents.keys()]).toEqual(['summary-BLD-2026-00001.pdf']);
    expect(w.application()!.applicationFormPdf).toBe('summary-BLD-2026-00001.pdf');
  });

  it('a resubmission after RFIs makes the PDF of its own snapshot (replacing the document)', async () => {
    const w = world();
    await w.consumer.handle(w.submitted('2026-06-01T00:00:00.000Z'), { logger });
    await w.consumer.handle(w.submitted('2026-07-01T00:00:00.000Z'), { logger });
    expect(w.rendered).toEqual(['2026-06-01T00:00:00.000Z', '2026-07-01T00:00:00.000Z']);
    expect([...w.documents.keys()]).toEqual(['summary-BLD-2026-00001.pdf']);
    expect(new TextDecoder().decode(w.documents.get('summary-BLD-2026-00001.pdf')!.bytes)).toContain(
      '2026-07-01',
    );
  });

  it('an application deleted meanwhile: nothing is made', async () => {
    const w = world();
    const event = w.submitted('2026-06-01T00:00:00.000Z');
    w.remove();
    await w.consumer.handle(event, { logger });
    expect(w.rendered).toEqual([]);
  });
});

// @vitest-environment jsdom
/**
 * The processing banner of a container (docs/documents.md): 'Analysing Document' while the title
 * extraction runs, then the notice that information was extracted and should be reviewed, cleared
 * after its time with a refresh; a scanned title says that nothing could be read.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import ExtractionBanner, { EXTRACTION_NOTICE_MS } from '../../../web/src/features/documents/ExtractionBanner';
import type { ApplicationDocumentDto } from '../../../shared/schemas/documents';
import { documentsTestSetup, renderWithProviders } from './documents-support';

const setup = documentsTestSetup();

const NOW = new Date('2026-06-15T00:00:00Z');
const title = (over: Partial<ApplicationDocumentDto> = {}): ApplicationDocumentDto => ({
  name: 'title.pdf',
  fileName: 'title.pdf',
  fileType: 'application/pdf',
  fileSize: 7000,
  fileVersion: 1,
  createdDate: '2026-06-14T00:00:00Z',
  uploadStatus: 'Completed',
  isMergedFile: false,
  hasExtractedData: false,
  documentContainerId: 'proof-of-ownership',
  order: 0,
  isEditable: true,
  isDeletable: true,
  ...over,
});

const EXTRACTED =
  'Information has been automatically extracted from your document. Please review it before submitting.';

function show(documents: ApplicationDocumentDto[], onExtracted = vi.fn()) {
  const ui = (docs: ApplicationDocumentDto[]) => (
    <ExtractionBanner documents={docs} onExtracted={onExtracted} now={() => NOW} />
  );
  const view = renderWithProviders(setup.i18n, ui(documents));
  return { rerender: (docs: ApplicationDocumentDto[]) => view.rerender(ui(docs)), onExtracted };
}

describe('the extraction banner', () => {
  it("'Analysing Document' while it runs; then the review notice, cleared after its time with a refresh", () => {
    vi.useFakeTimers();
    const { rerender, onExtracted } = show([title({ extractionStatus: 'Running' })]);
    expect(screen.getByText('Analysing Document')).toBeTruthy();
    expect(screen.queryByText(EXTRACTED)).toBeNull();

    rerender([title({ extractionStatus: 'Completed', hasExtractedData: true })]);
    expect(screen.queryByText('Analysing Document')).toBeNull();
    expect(screen.getByText(EXTRACTED)).toBeTruthy();
    expect(onExtracted).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(EXTRACTION_NOTICE_MS));
    expect(screen.queryByText(EXTRACTED)).toBeNull();
    expect(onExtracted).toHaveBeenCalledTimes(1);
  });

  it('a fresh proof-of-ownership PDF whose extraction has not started yet already shows the banner', () => {
    show([title({ createdDate: new Date(NOW.getTime() - 5_000).toISOString() })]);
    expect(screen.getByText('Analysing Document')).toBeTruthy();
  });

  it('nothing for other documents; a scanned title says nothing could be read, with no review notice', () => {
    const { rerender } = show([title({ documentContainerId: 'plans', extractionStatus: undefined })]);
    expect(document.body.textContent).toBe('');
    rerender([title({ extractionStatus: 'Running' })]);
    rerender([title({ extractionStatus: 'NothingProposed', extractionNote: 'NoText' })]);
    expect(screen.queryByText(EXTRACTED)).toBeNull();
    expect(
      screen.getByText('No text could be read from title.pdf, so no information was extracted from it.'),
    ).toBeTruthy();
  });

  it('an extraction that started and ended between two polls still shows the notice', () => {
    vi.useFakeTimers();
    // Listed while it was being scanned (an upload: not yet a proof-of-ownership document in extraction).
    const { rerender, onExtracted } = show([
      title({ uploadStatus: 'Uploading', createdDate: '2026-06-01T00:00:00Z' }),
    ]);
    expect(screen.queryByText('Analysing Document')).toBeNull();
    rerender([title({ extractionStatus: 'Completed', hasExtractedData: true })]);
    expect(screen.getByText(EXTRACTED)).toBeTruthy();
    act(() => vi.advanceTimersByTime(EXTRACTION_NOTICE_MS));
    expect(onExtracted).toHaveBeenCalledTimes(1);
  });

  it('a page opened on a title extracted before shows no notice', () => {
    show([title({ extractionStatus: 'Completed', hasExtractedData: true })]);
    expect(screen.queryByText(EXTRACTED)).toBeNull();
  });
});

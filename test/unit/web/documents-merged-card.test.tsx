// @vitest-environment jsdom
/**
 * The merged container card (docs/documents.md "A merged container card offers Remove and
 * expand/collapse"): a container holding its merged file shows that file's card, with Download and
 * Remove, and the documents it was merged from behind an expand/collapse toggle.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import ContainerSection, { type Entry } from '../../../web/src/features/documents/ContainerSection';
import { containers, doc, documentsTestSetup, renderWithProviders } from './documents-support';

const setup = documentsTestSetup();

const entry = (d: ReturnType<typeof doc>): Entry => ({ key: d.name, doc: d, item: undefined });

function renderSection(entries: Entry[], handlers: { onRemove?: (e: Entry) => void } = {}) {
  const onRemove = vi.fn(handlers.onRemove);
  const onDownload = vi.fn();
  renderWithProviders(
    setup.i18n,
    <ContainerSection
      container={containers[0]!}
      entries={entries}
      problems={[]}
      hasFailed={false}
      readOnly={false}
      accept="application/pdf"
      onFiles={() => undefined}
      onDismissProblems={() => undefined}
      onRemoveFailed={() => undefined}
      onRemove={onRemove}
      onDownload={onDownload}
      onMove={() => undefined}
    />,
  );
  return { onRemove, onDownload };
}

const merged = doc({ name: 'merged-plans.pdf', fileName: 'plans.pdf', isMergedFile: true, fileSize: 64000 });
const parts = [doc({ name: 'site.pdf', order: 0 }), doc({ name: 'elevations.pdf', order: 1 })];

describe('merged container card', () => {
  it('shows the merged file with the parts collapsed; expand shows them in order, collapse hides them', () => {
    renderSection([entry(merged), ...parts.map(entry)]);
    expect(screen.getByRole('group', { name: 'plans.pdf' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'site.pdf' })).toBeNull();

    const show = screen.getByRole('button', { name: 'Show merged documents (2)' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(show);
    const hide = screen.getByRole('button', { name: 'Hide merged documents (2)' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual([
      'plans.pdf',
      'site.pdf',
      'elevations.pdf',
    ]);

    fireEvent.click(hide);
    expect(screen.queryByRole('group', { name: 'site.pdf' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Show merged documents (2)' })).toBeTruthy();
  });

  it('offers Download and Remove on the merged file; Remove removes the merged file', async () => {
    const { onRemove, onDownload } = renderSection([entry(merged), ...parts.map(entry)]);
    fireEvent.click(screen.getByRole('button', { name: 'Actions for plans.pdf' }));
    expect((await screen.findAllByRole('menuitem')).map((m) => m.textContent)).toEqual([
      'Download',
      'Remove',
    ]);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Download' }));
    expect(onDownload).toHaveBeenCalledWith(merged);
    fireEvent.click(screen.getByRole('button', { name: 'Actions for plans.pdf' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    expect(onRemove).toHaveBeenCalledWith(expect.objectContaining({ doc: merged }));
  });

  it('a container without a merged file lists its documents as before (no toggle)', () => {
    renderSection(parts.map(entry));
    expect(screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual([
      'site.pdf',
      'elevations.pdf',
    ]);
    expect(screen.queryByRole('button', { name: /merged documents/ })).toBeNull();
  });
});

// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { initI18n } from '../../../web/src/i18n';
import { apiRequest } from '../../../web/src/api/client';
import { ServiceError } from '../../../web/src/api/errors';
import RfisSection from '../../../web/src/features/rfis/RfisSection';
import RfiPointPage from '../../../web/src/features/rfis/RfiPointPage';
import { AUTOSAVE_MS } from '../../../web/src/features/rfis/useAutosave';
import { rfiMessages } from '../../../shared/domain/rfis';
import type { ApplicationDto } from '../../../shared/schemas/applications';
import type { RfiPointDto } from '../../../shared/schemas/rfis';
import type { DocumentContainerDto } from '../../../shared/schemas/documents';
import { listItem, renderPage } from './applications-support';
import { rfiPointDto } from './outstanding-support';

vi.mock('../../../web/src/api/client', () => ({ apiRequest: vi.fn() }));
const api = vi.mocked(apiRequest);

const app = (accessLevel = 'Manage') =>
  ({
    ...listItem({ id: '55', status: 'VRFISuspended', recordType: 'Draft', applicationNumber: 'BLD-55' }),
    accessLevel,
  }) as unknown as ApplicationDto;

const point = rfiPointDto;

type Handler = (path: string, options?: { method?: string; body?: unknown }) => unknown;
function serve(handlers: Record<string, unknown>, extra?: Handler) {
  api.mockImplementation(async (path: string, options?: { method?: string; body?: unknown }) => {
    const out = extra?.(path, options);
    if (out !== undefined) return out instanceof Error ? Promise.reject(out) : out;
    const key = `${options?.method ?? 'GET'} ${path}`;
    if (key in handlers) {
      const value = handlers[key];
      if (value instanceof Error) throw value;
      return value;
    }
    throw new ServiceError('ResourceNotFound', `no stub for ${key}`, 404);
  });
}

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n();
});
beforeEach(() => {
  api.mockReset();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const LIST = '/user/applications/55/rfi-points-v2';
const answered = { responseDetails: 'Attached.', responseLastModifiedDate: '2026-11-21T01:00:00.000Z' };

describe('the RFIs section', () => {
  it('groups rounds by stage and team with their status and open count; the points link to their page', async () => {
    serve({
      [`GET ${LIST}`]: {
        rfiPoints: [
          point({ id: 'a', ...answered, responsePersonName: 'Mere Tane' }),
          point({ id: 'b', displayOrderInRound: 2 }),
          point({
            id: 'c',
            type: 'Vetting',
            team: '',
            ...answered,
            customerSubmittedDate: '2026-11-10T00:00:00.000Z',
            councilSignedOffDate: '2026-11-12T00:00:00.000Z',
            status: 'RESOLVED',
          }),
        ],
      },
    });
    renderPage(i18n, <RfisSection app={app()} />);
    const lodgement = await screen.findByText('Round 1 · Lodgement');
    const assessment = screen.getByText('Round 1 · Assessment');
    // Reading order: Lodgement before Assessment.
    expect(lodgement.compareDocumentPosition(assessment) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('Assessment · Building')).toBeTruthy();
    // Each round is a ?subSection= target by its key (an email's link lands on it).
    expect(document.querySelector('[data-sub-section="Consent|Building|1"]')?.textContent).toContain(
      'Round 1 · Assessment',
    );
    expect(screen.getAllByText('(2 open)', { exact: false }).length).toBeGreaterThan(0);
    // The council's sign-off in plain words, never its code (docs/rfis.md).
    expect(screen.getByText('Accepted by the council')).toBeTruthy();
    expect(screen.queryByText('RESOLVED')).toBeNull();
    expect(screen.getAllByText('Processed').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Not responded').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Point a' }).getAttribute('href')).toBe(
      '/application-details/55/rfi-point-details-v3/a',
    );
    // One point unanswered: the round cannot go yet, and the reason is shown.
    expect(screen.getAllByText(rfiMessages.answerEveryPoint).length).toBeGreaterThan(0);
  });

  it('a round with every point answered is submitted after a confirmation', async () => {
    const points = [point({ id: 'a', ...answered }), point({ id: 'b', displayOrderInRound: 2, ...answered })];
    serve({ [`GET ${LIST}`]: { rfiPoints: points } }, (path, o) =>
      o?.method === 'POST' ? { rfiPoints: points.map((p) => ({ ...p, status: 'SUBMITTED' })) } : undefined,
    );
    renderPage(i18n, <RfisSection app={app('Edit')} />);
    fireEvent.click((await screen.findAllByRole('button', { name: 'Submit round' }))[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(/responses to the 2 open points of round 1 \(Assessment · Building\)/),
    ).toBeTruthy();
    // Both points answered: nothing "waits for your response" any more; what is left is to send them.
    expect(screen.queryByText(/wait for your response/)).toBeNull();
    expect(
      screen.getByText(
        'Every point has a response. Submit the round to send your answers to the council; you can change them until then.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit round' }));
    expect(await screen.findByText('Round 1 submitted to the council.')).toBeTruthy();
    // What happens next stays on the page (docs/rfis.md).
    expect(screen.getByText('Your answers to round 1 were sent to the council')).toBeTruthy();
    expect(screen.getByText(/^What happens next: the council reviews each answer/)).toBeTruthy();
    expect(api).toHaveBeenCalledWith('/user/applications/55/rfi-round-submissions-v3', {
      method: 'POST',
      body: { rfiType: 'Consent', rfiTeam: 'Building', rfiRound: 1 },
    });
  });

  it('the summary counts the points without a response: "1 point waits for your response"', async () => {
    serve({
      [`GET ${LIST}`]: {
        rfiPoints: [point({ id: 'a', ...answered }), point({ id: 'b', displayOrderInRound: 2 })],
      },
    });
    renderPage(i18n, <RfisSection app={app()} />);
    expect(
      await screen.findByText(
        '1 point waits for your response. Answer every point of a round, then submit the round.',
      ),
    ).toBeTruthy();
  });

  it('ReadOnly access cannot submit; an empty list says so; a failed list shows the spec message', async () => {
    serve({ [`GET ${LIST}`]: { rfiPoints: [point({ id: 'a', ...answered })] } });
    renderPage(i18n, <RfisSection app={app('ReadOnly')} />);
    expect((await screen.findAllByText('You need Edit access to submit a round.')).length).toBeGreaterThan(0);
    expect(
      (screen.getAllByRole('button', { name: 'Submit round' })[0] as HTMLButtonElement).getAttribute(
        'aria-disabled',
      ),
    ).toBe('true');
    cleanup();
    serve({ [`GET ${LIST}`]: { rfiPoints: [] } });
    renderPage(i18n, <RfisSection app={app()} />);
    expect(await screen.findByText('The council has not asked for further information.')).toBeTruthy();
    cleanup();
    serve({ [`GET ${LIST}`]: new ServiceError('ServerError', 'Error', 500) });
    renderPage(i18n, <RfisSection app={app()} />);
    expect((await screen.findAllByText(rfiMessages.fetchPoints)).length).toBeGreaterThan(0);
  });
});

describe('the point page', () => {
  const where = {
    path: '/application-details/:applicationId/rfi-point-details-v3/:rfiPointId',
    url: '/application-details/55/rfi-point-details-v3/a',
  };
  const base = (p: RfiPointDto, accessLevel = 'Edit') => ({
    'GET /user/applications/55': {
      application: app(accessLevel),
      requiredDocuments: [],
      requiredInspections: [],
      template: null,
    },
    'GET /user/applications/55/rfi-points-v2/a': p,
    'GET /user/applications/55/documents': [],
    'GET /user/applications/55/document-containers': [
      {
        id: 'rfi-documents',
        name: 'RfiDocuments',
        displayName: 'RFI documents',
        displayOrder: 8,
        containerType: 'RFIDocument',
        containerMergeStatus: 'NotMerged',
      },
    ] satisfies DocumentContainerDto[],
  });

  it('shows the request and saves the response a second after typing stops', async () => {
    const saves: unknown[] = [];
    serve(base(point({ id: 'a', nextRfiPointGuid: 'b' })), (path, o) => {
      if (o?.method !== 'PATCH') return undefined;
      saves.push(o.body);
      return point({ id: 'a', ...(o.body as object), responseLastModifiedDate: '2026-11-21T01:00:00.000Z' });
    });
    renderPage(i18n, <RfiPointPage />, where);
    expect(await screen.findByRole('heading', { name: 'Point a' })).toBeTruthy();
    expect(screen.getByText('Please provide the bracing calculations.')).toBeTruthy();
    expect(screen.getByText('Tui Ranginui · tui@wcc.govt.nz · 04 499 4444')).toBeTruthy();
    // The council's question comes before the rows about who asked, when and where (docs/rfis.md).
    const question = screen.getByText('Please provide the bracing calculations.');
    const askedBy = screen.getByText('Tui Ranginui · tui@wcc.govt.nz · 04 499 4444');
    expect(question.compareDocumentPosition(askedBy) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const box = screen.getByRole('textbox', { name: /Response/ });
    vi.useFakeTimers();
    fireEvent.change(box, { target: { value: 'Calculations' } });
    fireEvent.change(box, { target: { value: 'Calculations attached' } });
    expect(screen.getByText('Not saved yet')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AUTOSAVE_MS - 10);
    });
    expect(saves).toEqual([]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20);
    });
    vi.useRealTimers();
    await waitFor(() => expect(saves).toEqual([{ responseDetails: 'Calculations attached' }]));
    expect((await screen.findAllByText(/^Saved /)).length).toBeGreaterThan(0);
  });

  it('saves what is typed before going to the next point', async () => {
    const saves: unknown[] = [];
    serve(base(point({ id: 'a', nextRfiPointGuid: 'b' })), (path, o) => {
      if (o?.method !== 'PATCH') return undefined;
      saves.push(o.body);
      return point({ id: 'a', ...(o.body as object) });
    });
    const { router } = renderPage(i18n, <RfiPointPage />, where);
    fireEvent.change(await screen.findByRole('textbox', { name: /Response/ }), { target: { value: 'Done' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next point' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/application-details/55/rfi-point-details-v3/b'),
    );
    expect(saves).toEqual([{ responseDetails: 'Done' }]);
  });

  it('a failed save says "Failed to update RFI point"', async () => {
    serve(base(point({ id: 'a' })), (path, o) =>
      o?.method === 'PATCH' ? new ServiceError('ServerError', 'Error', 500) : undefined,
    );
    renderPage(i18n, <RfiPointPage />, where);
    const box = await screen.findByRole('textbox', { name: /Response/ });
    fireEvent.change(box, { target: { value: 'x' } });
    fireEvent.blur(box);
    expect(await screen.findByText(rfiMessages.updatePoint)).toBeTruthy();
  });

  it('a submitted point reads only, with who submitted it and the council decision', async () => {
    serve(
      base(
        point({
          id: 'a',
          ...answered,
          customerSubmittedDate: '2026-11-22T01:00:00.000Z',
          roundSubmittedByName: 'Mere Tane',
          councilSignedOffDate: '2026-11-23T00:00:00.000Z',
          status: 'NOT_RESOLVED',
        }),
      ),
    );
    renderPage(i18n, <RfiPointPage />, where);
    expect(
      await screen.findByText('This point has been submitted and can no longer be changed.'),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Response/ })).toBeNull();
    expect(screen.getByText('Attached.')).toBeTruthy();
    expect(screen.getByText(/by Mere Tane/)).toBeTruthy();
    expect(screen.getByText(/Council's decision: Not accepted/)).toBeTruthy();
    expect(screen.getByText(/The council needs more on this point. It will ask again/)).toBeTruthy();
    expect(screen.queryByText(/NOT_RESOLVED/)).toBeNull();
  });

  it("shows this point's documents ticked and the free ones apart, never another point's", async () => {
    const file = (name: string) => ({
      name,
      fileName: `${name}.pdf`,
      fileType: 'application/pdf',
      fileSize: 8000,
      fileVersion: 1,
      createdDate: '2026-11-21T00:00:00.000Z',
      fileModifiedDate: '2026-11-21T00:00:00.000Z',
      isMergedFile: false,
      hasExtractedData: false,
      order: 0,
      isEditable: true,
      isDeletable: true,
      uploadStatus: 'Completed',
      documentContainerId: 'rfi-documents',
    });
    const mine = point({ id: 'a', documentNames: ['calcs'] });
    serve({
      ...base(mine),
      'GET /user/applications/55/documents': [file('calcs'), file('plan'), file('extra')],
      [`GET ${LIST}`]: {
        rfiPoints: [mine, point({ id: 'b', displayOrderInRound: 2, documentNames: ['plan'] })],
      },
    });
    renderPage(i18n, <RfiPointPage />, where);
    const own = await screen.findByRole('checkbox', { name: 'calcs.pdf' });
    expect((own as HTMLInputElement).checked).toBe(true);
    const free = await screen.findByRole('checkbox', { name: 'extra.pdf' });
    expect((free as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('Uploaded, not attached to any point')).toBeTruthy();
    // Attached to point b: shown only under point b.
    expect(screen.queryByText('plan.pdf')).toBeNull();
  });

  it('a failed read shows "Failed to fetch RFI point"', async () => {
    serve({
      ...base(point({ id: 'a' })),
      'GET /user/applications/55/rfi-points-v2/a': new ServiceError('ServerError', 'Error', 500),
    });
    renderPage(i18n, <RfiPointPage />, where);
    expect((await screen.findAllByText(rfiMessages.fetchPoint)).length).toBeGreaterThan(0);
  });
});

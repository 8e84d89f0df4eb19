// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { StrictMode, useState } from 'react';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { initI18n } from '../../../web/src/i18n';
import { accessRequestsApi } from '../../../web/src/api/access-requests';
import { toServiceError } from '../../../web/src/api/errors';
import { encodeParam } from '../../../web/src/lib/urls/queryCodec';
import AccessRequestLink from '../../../web/src/features/access-requests/AccessRequestLink';
import { renderPage } from './applications-support';
import { accessRequest } from './access-requests-support';

vi.mock('../../../web/src/api/access-requests', async (importOriginal) =>
  (await import('./access-requests-support')).mockedAccessRequestsApi(importOriginal),
);
const api = vi.mocked(accessRequestsApi);

let i18n: I18n;
beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  i18n = await initI18n();
});
beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
});
afterEach(cleanup);

const link = encodeParam({ applicationId: '501' });
const open = (raw: string, onDone = vi.fn()) =>
  renderPage(
    i18n,
    <StrictMode>
      <AccessRequestLink raw={raw} onDone={onDone} />
    </StrictMode>,
    { path: '/', url: `/?access_request=${raw}` },
  );

/** Draws the link again with a new onDone on each click (the dashboard re-rendering around it). */
function Redrawn({ raw }: { raw: string }) {
  const [n, setN] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setN(n + 1)}>
        Redraw {n}
      </button>
      <AccessRequestLink raw={raw} onDone={() => void n} />
    </>
  );
}

describe('the dashboard ?access_request= link', () => {
  it("returns to /, submits the request once (StrictMode's double effect too) and shows 'Access request submitted'", async () => {
    api.create.mockResolvedValue(accessRequest());
    const onDone = vi.fn();
    const { router } = open(link, onDone);
    const dialog = await screen.findByRole('dialog', { name: 'Access request submitted' });
    expect(api.create).toHaveBeenCalledTimes(1);
    expect(api.create).toHaveBeenCalledWith('501');
    expect(router.state.location.pathname + router.state.location.search).toBe('/');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'OK' })));
    expect(onDone).toHaveBeenCalled();
    expect(dialog).toBeTruthy();
  });

  it('submits once however often the dashboard draws it again', async () => {
    api.create.mockResolvedValue(accessRequest());
    renderPage(i18n, <Redrawn raw={link} />, { path: '/', url: `/?access_request=${link}` });
    await screen.findByRole('dialog', { name: 'Access request submitted' });
    await act(
      async () => void fireEvent.click(screen.getByRole('button', { name: 'Redraw 0', hidden: true })),
    );
    await act(
      async () => void fireEvent.click(screen.getByRole('button', { name: 'Redraw 1', hidden: true })),
    );
    expect(screen.getByRole('button', { name: 'Redraw 2', hidden: true })).toBeTruthy();
    expect(api.create).toHaveBeenCalledTimes(1);
  });

  it('shows the failure in an error toast', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    api.create.mockRejectedValue(
      toServiceError(
        400,
        JSON.stringify({
          code: 'ACCESS.REQUEST.ALREADY.GRANTED',
          message: 'Access already granted',
          description: 'You already have access to this project',
        }),
      ),
    );
    open(link);
    expect((await screen.findByRole('alert')).textContent).toBe('You already have access to this project');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('submits nothing for a value that does not decode', async () => {
    const onDone = vi.fn();
    open('not-a-request', onDone);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.create).not.toHaveBeenCalled();
  });
});

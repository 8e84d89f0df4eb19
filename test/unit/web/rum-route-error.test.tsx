// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteError } from '../../../web/src/routes/RouteError';

afterEach(() => vi.unstubAllGlobals());

describe('a route that fails to draw', () => {
  it('is reported to the window like an uncaught error (browser error reporting hears it)', async () => {
    const reportError = vi.fn();
    vi.stubGlobal('reportError', reportError);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const boom = new Error('boom');
    const Broken = () => {
      throw boom;
    };
    const router = createMemoryRouter([{ path: '/', Component: Broken, ErrorBoundary: RouteError }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(reportError).toHaveBeenCalledWith(boom);
  });
});

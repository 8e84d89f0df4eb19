// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useNavigate } from 'react-router';
import { resetRouteFocus, useRouteFocus } from '../../../web/src/lib/useRouteFocus';

/** A layout with the focus manager and a control that navigates, as the signed-in shell has. */
function Layout({ move = true }: { move?: boolean }) {
  useRouteFocus({ move });
  const navigate = useNavigate();
  return (
    <>
      <button onClick={() => void navigate('/second')}>Go</button>
      <button onClick={() => void navigate('/?tab=Other')}>Filter</button>
      <main>
        <Outlet />
      </main>
    </>
  );
}

function routerOf(move = true, second = <h1>Second page</h1>) {
  return createMemoryRouter(
    [
      {
        element: <Layout move={move} />,
        children: [
          { index: true, element: <h1>First page</h1> },
          { path: 'second', element: second },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
}

const go = async (name: string) => {
  const button = screen.getByRole('button', { name });
  button.focus();
  await act(async () => button.click());
};

beforeEach(() => resetRouteFocus());
afterEach(() => cleanup());

describe('route-change focus (lib/useRouteFocus.ts)', () => {
  it('leaves focus alone on the first page, then moves it to the new page’s h1 on a page change', async () => {
    render(<RouterProvider router={routerOf()} />);
    expect(document.activeElement).toBe(document.body);
    await go('Go');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Second page' });
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('prefers the page’s marked target (the form step’s title) to its h1', async () => {
    render(
      <RouterProvider
        router={routerOf(
          true,
          <>
            <h1>Form</h1>
            <h2>
              <span data-route-focus>Step title</span>
            </h2>
          </>,
        )}
      />,
    );
    await go('Go');
    expect(document.activeElement).toBe(screen.getByText('Step title'));
  });

  it('waits for a heading the page shows later (a lazy page, its data)', async () => {
    function Later() {
      return <div data-testid="later" />;
    }
    render(<RouterProvider router={routerOf(true, <Later />)} />);
    await go('Go');
    const heading = document.createElement('h1');
    heading.textContent = 'Loaded';
    await act(async () => {
      screen.getByTestId('later').append(heading);
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(document.activeElement).toBe(heading);
  });

  it('a page drawn in part (its header first) keeps focus for its marked target, not the h1 shown first', async () => {
    function InPart() {
      return (
        <>
          <h1>Form</h1>
          <div data-testid="rest" data-route-focus-pending="" />
        </>
      );
    }
    render(<RouterProvider router={routerOf(true, <InPart />)} />);
    await go('Go');
    expect(document.activeElement).not.toBe(screen.getByRole('heading', { level: 1, name: 'Form' }));
    const title = document.createElement('span');
    title.setAttribute('data-route-focus', '');
    title.textContent = 'Step title';
    await act(async () => {
      const rest = screen.getByTestId('rest');
      rest.removeAttribute('data-route-focus-pending');
      rest.append(title);
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(document.activeElement).toBe(title);
  });

  it('does not move focus when only the query changes (a tab, a filter)', async () => {
    render(<RouterProvider router={routerOf()} />);
    await go('Filter');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Filter' }));
  });

  it('a layout with move: false records the page but keeps focus; the next layout moves it', async () => {
    const first = render(<RouterProvider router={routerOf(false)} />);
    await go('Go');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Go' }));
    first.unmount();
    // A sign-in: another router and layout mount in the same document.
    render(<RouterProvider router={routerOf()} />);
    await screen.findByRole('heading', { level: 1, name: 'First page' });
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'First page' }));
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { useNavLandmarkAria } from '../../../web/src/features/shell/navLandmarkAria';

function Shell() {
  useNavLandmarkAria();
  return null;
}

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('the shell keeps its navigation landmarks valid (axe aria-allowed-attr at phone width)', () => {
  it('takes aria-orientation off a nav that is there, and off one that appears later', async () => {
    document.body.innerHTML = '<nav aria-label="Navigation" aria-orientation="horizontal"></nav>';
    render(<Shell />);
    expect(document.querySelector('nav')!.hasAttribute('aria-orientation')).toBe(false);

    // The phone toolbar mounts when the viewport narrows.
    const later = document.createElement('nav');
    later.setAttribute('aria-orientation', 'horizontal');
    document.body.append(later);
    await waitFor(() => expect(later.hasAttribute('aria-orientation')).toBe(false));
    // Its label, and other elements' orientation (a toolbar's), are left alone.
    const toolbar = document.createElement('div');
    toolbar.setAttribute('role', 'toolbar');
    toolbar.setAttribute('aria-orientation', 'horizontal');
    document.body.append(toolbar);
    await waitFor(() => expect(later.hasAttribute('aria-orientation')).toBe(false));
    expect(toolbar.getAttribute('aria-orientation')).toBe('horizontal');
    expect(document.querySelector('nav')!.getAttribute('aria-label')).toBe('Navigation');
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The build's list of a lazy chunk's files (web/vite-boot.ts puts it in index.html's #warm-chunks). */
const LAZY = {
  formioRenderer: [
    '/assets/FormioRenderer-a.js',
    '/assets/internal-b.js',
    '/assets/internal-b.css',
    '/assets/use-select-c.js',
    '/assets/use-select-c.css',
    '/assets/input-d.js',
    '/assets/select-e.js',
    '/assets/textarea-f.js',
  ],
};

const links = () =>
  [...document.head.querySelectorAll('link')].map((l) => `${l.rel} ${new URL(l.href).pathname}`);

beforeEach(() => {
  vi.resetModules();
  document.head.innerHTML = `<script type="application/json" id="warm-chunks">${JSON.stringify({ all: [], byPath: {}, lazy: LAZY })}</script>`;
});
afterEach(() => {
  document.head.innerHTML = '';
});

describe('preloadLazyChunk', () => {
  it("adds each of the chunk's files once, skipping those in the page already, stylesheets applied", async () => {
    // In the page: a script the boot script preloaded, and a stylesheet only preloaded (not applied).
    document.head.insertAdjacentHTML(
      'beforeend',
      '<link rel="modulepreload" href="/assets/internal-b.js"><link rel="preload" as="style" href="/assets/use-select-c.css"><link rel="stylesheet" href="/assets/internal-b.css">',
    );
    const { preloadLazyChunk } = await import('../../../web/src/lib/lazyChunks');
    void preloadLazyChunk('formioRenderer');
    // A few links per task: all of them after the timers.
    await vi.waitFor(() => expect(links()).toContain('modulepreload /assets/textarea-f.js'));
    expect(links()).toEqual([
      'modulepreload /assets/internal-b.js',
      'preload /assets/use-select-c.css',
      'stylesheet /assets/internal-b.css',
      'modulepreload /assets/FormioRenderer-a.js',
      'modulepreload /assets/use-select-c.js',
      'stylesheet /assets/use-select-c.css',
      'modulepreload /assets/input-d.js',
      'modulepreload /assets/select-e.js',
      'modulepreload /assets/textarea-f.js',
    ]);
    // Once per chunk.
    void preloadLazyChunk('formioRenderer');
    expect(links()).toHaveLength(9);
  });
});

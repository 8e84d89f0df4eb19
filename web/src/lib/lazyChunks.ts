/** The files a slice adds: each `<link>` costs the main thread about a millisecond of a phone's CPU. */
const SLICE = 6;

/**
 * The files in the page already: `modulepreload` links, and stylesheets (a CSS file preloaded only
 * as `preload` is not applied yet). Read once per chunk: one pass over the links, not one per file.
 */
function inPage(): Set<string> {
  const hrefs = new Set<string>();
  for (const link of document.getElementsByTagName('link'))
    if (!link.href.endsWith('.css') || link.rel === 'stylesheet') hrefs.add(link.href);
  return hrefs;
}

/** Adds a file's link; a stylesheet resolves when it has loaded (or failed: the import then retries it). */
function add(href: string): Promise<unknown> | undefined {
  const link = document.createElement('link');
  const css = href.endsWith('.css');
  link.rel = css ? 'stylesheet' : 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  const loaded = css
    ? new Promise((resolve) => {
        link.addEventListener('load', resolve);
        link.addEventListener('error', resolve);
      })
    : undefined;
  document.head.appendChild(link);
  return loaded;
}

/**
 * Starts a lazy chunk's files (the chunk, its static imports and their CSS, listed by the build in
 * index.html's `#warm-chunks` under `lazy`: web/vite-boot.ts) a few links per task: Vite's preload
 * helper, which the chunk's `import()` runs, would add them all in one long task (about 55 for a
 * form step's renderer: docs/performance.md, "The form page"), and skips those already in the page.
 * Resolves when the stylesheets have loaded: the caller then runs the `import()`, which finds every
 * link in place and draws nothing unstyled. Once per name; without the list (the dev server) it
 * resolves at once.
 */
export function preloadLazyChunk(name: string): Promise<unknown> {
  let once = started.get(name);
  if (!once) started.set(name, (once = preload(name)));
  return once;
}

const started = new Map<string, Promise<unknown>>();

function preload(name: string): Promise<unknown> {
  let files: string[];
  try {
    const warm = JSON.parse(document.getElementById('warm-chunks')?.textContent ?? '') as {
      lazy?: Record<string, string[]>;
    };
    const present = inPage();
    files = (warm.lazy?.[name] ?? []).filter((f) => !present.has(new URL(f, document.baseURI).href));
  } catch {
    return Promise.resolve();
  }
  const loads: Promise<unknown>[] = [];
  return new Promise<void>((resolve) => {
    const next = (from: number) => {
      for (const f of files.slice(from, from + SLICE)) {
        const loaded = add(f);
        if (loaded) loads.push(loaded);
      }
      if (from + SLICE < files.length) setTimeout(() => next(from + SLICE), 0);
      else resolve();
    };
    next(0);
  }).then(() => Promise.all(loads));
}

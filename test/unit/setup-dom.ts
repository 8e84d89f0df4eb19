import { configure } from '@testing-library/dom';

/**
 * testing-library's async queries (findBy…, waitFor) wait 1 s by default: a whole Cloudscape page in
 * jsdom on a loaded 2-core machine can take longer to draw (applications-lists failed 1–3 tests a run
 * at load average 14). They wait for a fact, so a longer ceiling costs nothing when the page is fast.
 */
configure({ asyncUtilTimeout: 5_000 });

/**
 * jsdom draws no canvas: its getContext answers null after a "Not implemented" console error. The
 * same null without the noise (the site map asks every page that shows one whether WebGL exists).
 */
const canvas = (globalThis as { HTMLCanvasElement?: { prototype: { getContext: unknown } } })
  .HTMLCanvasElement;
if (canvas) canvas.prototype.getContext = () => null;

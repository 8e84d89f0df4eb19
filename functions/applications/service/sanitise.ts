/**
 * Step data is sanitised against script injection before it is saved (portal-core §5 "Step data is
 * sanitised against script injection before saving"). Every string of the data, at any depth, loses:
 * - `<script>`/`<style>`/`<iframe>`/`<object>`/`<embed>`/`<template>`/`<noscript>` elements with their content,
 * - HTML comments, `<!…>` declarations and `<?…?>` processing instructions,
 * - every other HTML tag (with its attributes, so event handlers and `href="javascript:…"` go too),
 * - `javascript:`, `vbscript:` and `data:text/html` URL schemes (also when split by spaces or control
 *   characters, or written with an encoded colon),
 * - event-handler attributes written as plain text (`onerror=…`, `onclick = "…"`).
 *
 * Plain text keeps its meaning: a `<` that does not open a tag ("5 < 6", "a<3") and `&` stay as they are;
 * nothing is entity-encoded, since the web renders the data as text. Libraries tried (xss) drop the text
 * after a bare `<`, so this is a small pure function instead, run until the string no longer changes (so
 * nested tricks such as `<scr<script>ipt>` do not survive one pass).
 */

const DANGEROUS_ELEMENTS = ['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'xmp'];

/** `<script …>…</script>` (case-insensitive, any attributes), or an unclosed one to the end. */
const elementWithBody = new RegExp(
  `<\\s*(${DANGEROUS_ELEMENTS.join('|')})\\b[^>]*>[\\s\\S]*?(?:<\\s*\\/\\s*\\1\\s*>|$)`,
  'gi',
);
/** A lone opening/closing dangerous element that never got a body (e.g. `<script src=x />`). */
const dangerousTag = new RegExp(`<\\s*\\/?\\s*(?:${DANGEROUS_ELEMENTS.join('|')})\\b[^>]*>?`, 'gi');
const comment = /<!--[\s\S]*?(?:-->|$)/g;
const declaration = /<![^>]*>/g;
const processing = /<\?[\s\S]*?(?:\?>|>|$)/g;
/** A tag: `<` (optionally `/`) directly followed by a letter, up to the next `>`, quoted values allowed. */
const tag = /<\/?[a-zA-Z][^<>"']*(?:(?:"[^"]*"|'[^']*')[^<>"']*)*>/g;

/** Letters of a scheme, allowing whitespace/control characters between them (browsers ignore them). */
const gap = '[\\s\\u0000-\\u001f]*';
const spelled = (word: string) => word.split('').join(gap);
const colon = `${gap}(?::|&colon;|&#0*58;?|&#x0*3a;?)`;
const dangerousScheme = new RegExp(
  `(?:${spelled('javascript')}|${spelled('vbscript')}|${spelled('livescript')})${colon}|${spelled('data')}${colon}${gap}text${gap}\\/${gap}html`,
  'gi',
);

/** DOM event names (stems) an `on…=` handler attribute can name. */
const EVENT_STEMS = [
  'abort',
  'animation',
  'auxclick',
  'before',
  'begin',
  'blur',
  'cancel',
  'canplay',
  'change',
  'click',
  'close',
  'contextmenu',
  'copy',
  'cut',
  'dblclick',
  'drag',
  'drop',
  'end',
  'error',
  'focus',
  'formdata',
  'hashchange',
  'input',
  'invalid',
  'key',
  'load',
  'message',
  'mouse',
  'offline',
  'online',
  'page',
  'paste',
  'pause',
  'play',
  'pointer',
  'popstate',
  'progress',
  'readystatechange',
  'repeat',
  'reset',
  'resize',
  'scroll',
  'search',
  'seek',
  'select',
  'show',
  'storage',
  'submit',
  'toggle',
  'touch',
  'transition',
  'unload',
  'wheel',
];
const eventHandler = new RegExp(
  `\\bon(?:${EVENT_STEMS.join('|')})[a-z]*\\s*=\\s*(?:"[^"]*"?|'[^']*'?|[^\\s>]*)`,
  'gi',
);

function once(s: string): string {
  return s
    .replace(elementWithBody, '')
    .replace(dangerousTag, '')
    .replace(comment, '')
    .replace(declaration, '')
    .replace(processing, '')
    .replace(tag, '')
    .replace(dangerousScheme, '')
    .replace(eventHandler, '');
}

/** One string, sanitised (repeated until stable: removing one piece must not form another). */
export function sanitiseString(input: string): string {
  let current = input;
  for (let i = 0; i < 20; i++) {
    const next = once(current);
    if (next === current) return next;
    current = next;
  }
  return current;
}

/** Deeper than this, data is dropped (no step definition nests that deep). */
export const MAX_DEPTH = 16;

/**
 * Sanitises every string of a JSON-like value, deep (object keys too); numbers, booleans and null are
 * kept; functions, symbols and values deeper than MAX_DEPTH are dropped. Returns a copy.
 */
export function sanitiseData(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return sanitiseString(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
  if (depth >= MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    return value.map((v) => sanitiseData(v, depth + 1)).filter((v) => v !== undefined);
  }
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const key = sanitiseString(k);
      const clean = sanitiseData(v, depth + 1);
      if (key !== '' && clean !== undefined && key !== '__proto__') out[key] = clean;
    }
    return out;
  }
  return undefined;
}

/** A step's `data` object, sanitised. */
export function sanitiseStepData(data: Record<string, unknown>): Record<string, unknown> {
  return sanitiseData(data) as Record<string, unknown>;
}

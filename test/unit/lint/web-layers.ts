/**
 * The web's layers, bottom to top (docs/architecture.md, "The web's layers"): a file imports only
 * from its own layer or a lower one. web/src/<folder> names the layer; main.tsx and boot.ts, the
 * entries, are the composition root's.
 */
export const WEB_LAYERS = [
  /** Pure utilities and browser plumbing with no feature knowledge (dates, config, storage, page URLs), and the strings. */
  ['lib', 'i18n'],
  /** The HTTP client and its calls. */
  ['api'],
  /** Generic UI: knows no feature. */
  ['components'],
  /** One folder per feature: pages, dialogs, their queries and models. */
  ['features'],
  /** The route tables: compose the features' pages. */
  ['routes'],
  /** The composition root: App, providers, boot, browser error reporting; and the entries. */
  ['app', 'main.tsx', 'boot.ts'],
] as const;

/** The layer (0 = lowest) of a web/src file, or undefined outside web/src or in no layer. */
export function webLayerOf(file: string): number | undefined {
  const parts = file.split('/');
  if (parts[0] !== 'web' || parts[1] !== 'src' || parts.length < 3) return undefined;
  const top = parts[2]!;
  const index = WEB_LAYERS.findIndex((names) => (names as readonly string[]).includes(top));
  return index === -1 ? undefined : index;
}

/** The layer's name as the lists above give it (its first folder). */
export function webLayerName(file: string): string | undefined {
  const layer = webLayerOf(file);
  return layer === undefined ? undefined : WEB_LAYERS[layer]![0];
}

/**
 * The imports of a graph that run upward, from a file of a lower layer to one of a higher layer,
 * as `from -> to`, sorted. Imports of files outside web/src (shared/) are not layered here.
 */
export function upwardImports(graph: Map<string, string[]>): string[] {
  const out: string[] = [];
  for (const [from, tos] of graph) {
    const own = webLayerOf(from);
    if (own === undefined) continue;
    for (const to of tos) {
      const theirs = webLayerOf(to);
      if (theirs !== undefined && theirs > own) out.push(`${from} -> ${to}`);
    }
  }
  return [...new Set(out)].sort();
}

/**
 * Upward imports that must stay, each with its reason. Empty today: every upward import was moved
 * or turned round (docs/architecture.md). Add one only with a reason a reviewer accepts; the list may
 * only shrink.
 */
export const WEB_UPWARD_ALLOWED: Record<string, string> = {};

import layers from '../../../web/layers.json' with { type: 'json' };

/**
 * The web's layers, bottom to top (docs/architecture.md, "The web's layers"; web/layers.json, which
 * eslint.config.js reads too): a file imports only from its own layer or a lower one. web/src/<folder>
 * names the layer; main.tsx and boot.ts, the entries, are the composition root's. Bottom to top:
 * lib and i18n (pure utilities, browser plumbing, page URLs, strings), api (the HTTP client),
 * components (generic UI), features, routes (the route tables), app (the composition root, entries).
 */
export const WEB_LAYERS: readonly (readonly string[])[] = layers;

/** The layer (0 = lowest) of a web/src file, or undefined outside web/src or in no layer. */
export function webLayerOf(file: string): number | undefined {
  const parts = file.split('/');
  if (parts[0] !== 'web' || parts[1] !== 'src' || parts.length < 3) return undefined;
  const top = parts[2]!;
  const index = WEB_LAYERS.findIndex((names) => names.includes(top));
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

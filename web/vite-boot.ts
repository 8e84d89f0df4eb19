import { createHash } from 'node:crypto';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * Source modules (relative to web/) whose chunks a signed-in load warms: on every path, by path, and
 * on every path that starts with a prefix; `lazy`: chunks the app starts itself a few links per
 * task (src/lib/lazyChunks.ts), by name: listed only.
 */
export interface WarmModules {
  all: string[];
  byPath: Record<string, string[]>;
  byPrefix?: Record<string, string[]>;
  lazy?: Record<string, string>;
}

const chunkOf = (bundle: OutputBundle, module: string): OutputChunk => {
  const chunk = Object.values(bundle).find(
    (out): out is OutputChunk => out.type === 'chunk' && !!out.facadeModuleId?.endsWith(module),
  );
  if (!chunk) throw new Error(`vite-boot: no chunk for ${module}`);
  return chunk;
};

/** A chunk's file, its static imports' (transitively) and their CSS, minus what the entry loads. */
function filesOf(bundle: OutputBundle, chunk: OutputChunk, skip: Set<string>, out: Set<string>): Set<string> {
  if (skip.has(chunk.fileName) || out.has(chunk.fileName)) return out;
  out.add(chunk.fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) out.add(css);
  for (const file of chunk.imports) {
    const next = bundle[file];
    if (next?.type === 'chunk') filesOf(bundle, next, skip, out);
  }
  return out;
}

/**
 * The boot script (src/boot.ts, docs/performance.md step 21): bundled apart from the app (its few
 * imports inlined, so it runs on arrival without waiting for shared chunks), emitted as a hashed
 * asset and loaded first (`<script type="module" async>` at the top of <head>), with the files a
 * signed-in load warms listed for it in a JSON data block (`#warm-chunks`; data, not script, so the
 * Content-Security-Policy allows it). In the dev server nothing is injected: main.tsx warms the load.
 */
export function bootScript(bootTs: string, warm: WarmModules): Plugin {
  let bootFile = '';
  return {
    name: 'consent-portal:boot-script',
    apply: 'build',
    async generateBundle() {
      const { rolldown } = await import('rolldown');
      const build = await rolldown({ input: bootTs, platform: 'browser', logLevel: 'silent' });
      try {
        const { output } = await build.generate({ format: 'esm', minify: true });
        const code = output[0].code;
        const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
        bootFile = `assets/boot-${hash}.js`;
        this.emitFile({ type: 'asset', fileName: bootFile, source: code });
      } finally {
        await build.close();
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle as OutputBundle | undefined;
        if (!bundle || !ctx.chunk) return [];
        // What the entry loads itself is not warmed again.
        const entry = filesOf(bundle, ctx.chunk as OutputChunk, new Set(), new Set());
        const collect = (modules: string[], skip: Set<string>) => {
          const files = new Set<string>();
          for (const m of modules) filesOf(bundle, chunkOf(bundle, m), skip, files);
          return files;
        };
        const all = collect(warm.all, entry);
        const urls = (files: Set<string>) => [...files].map((f) => `/${f}`);
        const byKey = (modules: Record<string, string[]>) =>
          Object.fromEntries(
            Object.entries(modules).map(([p, ms]) => [p, urls(collect(ms, new Set([...entry, ...all])))]),
          );
        const chunks = {
          all: urls(all),
          byPath: byKey(warm.byPath),
          byPrefix: byKey(warm.byPrefix ?? {}),
          lazy: byKey(Object.fromEntries(Object.entries(warm.lazy ?? {}).map(([name, m]) => [name, [m]]))),
        };
        return [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src: `/${bootFile}` },
            injectTo: 'head-prepend',
          },
          {
            tag: 'script',
            attrs: { type: 'application/json', id: 'warm-chunks' },
            children: JSON.stringify(chunks),
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

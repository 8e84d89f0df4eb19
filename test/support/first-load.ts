/**
 * What a first visit downloads, from a Vite build's manifest (web/dist/.vite/manifest.json): the
 * entry, each route's lazy chunk and what it imports, and the first-load budgets (sign-in ≤ 120
 * KB, the signed-in dashboard ≤ 300 KB, an application's form step ≤ 250 KB; gzip, JS + CSS + the
 * boot script). Read by `npm run bench
 * -- spa`, which prints them, and by test/e2e/first-load-budgets.spec.ts, which fails when a build
 * crosses one (sizes are deterministic; nothing here is timed).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

export interface ManifestChunk {
  file: string;
  css?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export const gzipSize = (buf: Buffer) => gzipSync(buf, { level: 9 }).length;

/** The first loads the product budgets (KB of gzip: 1 KB = 1,024 bytes). */
export const FIRST_LOAD_BUDGETS: { name: string; chunks: string[]; budgetKb: number }[] = [
  { name: 'sign-in', chunks: ['features/auth/SignInPage.tsx'], budgetKb: 120 },
  {
    name: 'dashboard, signed in (shell and strings)',
    chunks: ['app/SignedInRoot.tsx', 'features/dashboard/DashboardPage.tsx', 'i18n/en.json?all'],
    budgetKb: 300,
  },
  {
    // An editable Form.io step drawn: the page, its renderer and the Cloudscape controls; the
    // validation (@formio/core) loads on the first interaction (docs/performance.md, "The form page").
    name: 'form step, signed in (first paint)',
    chunks: [
      'app/SignedInRoot.tsx',
      'i18n/en.json?all',
      'features/application-form/ApplicationFormPage.tsx',
      'features/application-form/FormioRenderer.tsx',
    ],
    budgetKb: 250,
  },
];

export interface FirstLoad {
  name: string;
  budgetKb: number;
  /** Each file with its gzip size, largest first. */
  files: { file: string; gzip: number; brotli: number }[];
  gzip: number;
  brotli: number;
}

export function readManifest(dist: string): Record<string, ManifestChunk> {
  return JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
}

/** A chunk and everything it imports statically (into `seen`). */
export function closure(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const i of manifest[key]?.imports ?? []) closure(manifest, i, seen);
  return seen;
}

/** Every entry index.html loads: the app's and the boot script's (web/vite-boot.ts). */
export function entryChunks(manifest: Record<string, ManifestChunk>): Set<string> {
  const entry = new Set<string>();
  for (const k of Object.keys(manifest)) if (manifest[k]!.isEntry) closure(manifest, k, entry);
  return entry;
}

/**
 * Each budgeted first load: everything downloaded before the page is usable, lazy chunks it always
 * loads included (the signed-in app waits for the whole strings file). A chunk named by a budget
 * but missing from the build is an error (a renamed page must not pass by measuring nothing).
 */
export function firstLoads(dist: string): FirstLoad[] {
  const manifest = readManifest(dist);
  const entry = entryChunks(manifest);
  // The boot script: an asset index.html loads first, not in the manifest (web/vite-boot.ts).
  const boot = /src="\/(assets\/boot-[^"]+\.js)"/.exec(readFileSync(path.join(dist, 'index.html'), 'utf8'));
  return FIRST_LOAD_BUDGETS.map(({ name, chunks, budgetKb }) => {
    const keys = new Set(entry);
    for (const c of chunks) {
      const k = Object.keys(manifest).find((key) => key.endsWith(c));
      if (!k) throw new Error(`first load "${name}": no chunk ${c} in the build's manifest`);
      closure(manifest, k, keys);
    }
    const list = new Set<string>();
    for (const k of keys) {
      const c = manifest[k];
      if (!c) continue;
      list.add(c.file);
      for (const f of c.css ?? []) list.add(f);
    }
    if (boot) list.add(boot[1]!);
    const files = [...list]
      .map((file) => {
        const buf = readFileSync(path.join(dist, file));
        return { file, gzip: gzipSize(buf), brotli: brotliCompressSync(buf).length };
      })
      .sort((a, b) => b.gzip - a.gzip);
    return {
      name,
      budgetKb,
      files,
      gzip: files.reduce((n, f) => n + f.gzip, 0),
      brotli: files.reduce((n, f) => n + f.brotli, 0),
    };
  });
}

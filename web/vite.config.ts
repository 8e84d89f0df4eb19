import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { cloudscapeFonts } from './vite-fonts';
import { wholeJson } from './vite-json-whole';
import { bootScript } from './vite-boot';

// Absolute paths, so the config works whether Vite is started from the repo root
// (`vite build --config web/vite.config.ts`, or bin/local.ts in middleware mode) or from web/.
const webRoot = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: webRoot,
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  // The fonts of Cloudscape's global styles as files of their own (./vite-fonts.ts).
  // `x.json?all`: a whole JSON file as a chunk apart from its tree-shaken named imports (./vite-json-whole.ts).
  plugins: [
    react(),
    wholeJson(),
    cloudscapeFonts(fileURLToPath(new URL('../node_modules/.cache/cloudscape-fonts', import.meta.url))),
    // src/boot.ts, a bundle of its own loaded first, warms a signed-in load (./vite-boot.ts): the
    // chunks app/preload.ts loads, listed here by their source modules.
    bootScript(fileURLToPath(new URL('./src/boot.ts', import.meta.url)), {
      all: ['src/app/SignedInRoot.tsx', 'src/i18n/index.ts', 'src/i18n/en.json?all', 'src/app/warmStart.ts'],
      byPath: { '/': ['src/features/dashboard/DashboardPage.tsx'] },
      // An application's form page: the page (plain markup), not its step's renderer (docs/performance.md).
      byPrefix: { '/application-form/': ['src/features/application-form/ApplicationFormPage.tsx'] },
      // A form step's renderer: its ≈ 55 files added a few links per task (src/lib/lazyChunks.ts).
      lazy: { formioRenderer: 'src/features/application-form/FormioRenderer.tsx' },
    }),
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // .vite/manifest.json: lets the bench sum the gzip JS each route downloads.
    manifest: true,
    // Cloudscape is large; the sign-in route is measured by test/bench (gzip JS per route).
    chunkSizeWarningLimit: 1500,
  },
});

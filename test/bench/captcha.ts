/**
 * `npm run bench -- captcha`: how long a browser takes to solve the registration captcha at a few
 * work factors (functions/platform/adapters/captcha.ts: PBKDF2 iterations per attempt × attempts),
 * to choose the default. Challenges are made as the API makes them (altcha-lib createChallenge,
 * PBKDF2/SHA-256, a random counter in [counterMax / 8, counterMax]) and solved in headless Chromium
 * (the full /usr/bin/chromium; the e2e tests run its headless shell) by altcha-lib's solver on one
 * thread, as one widget worker does. Prints median and p90 per setting. Numbers only: no budget is
 * asserted.
 *
 * CAPTCHA_BENCH_SAMPLES (default 9) challenges per setting.
 */
import { build } from 'esbuild';
import { randomInt } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { createChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { DEFAULT_CAPTCHA_COST, DEFAULT_CAPTCHA_COUNTER_MAX } from '../../functions/platform/adapters/captcha';

const root = path.resolve(import.meta.dirname, '..', '..');

const settings: { cost: number; counterMax: number }[] = [
  { cost: 500, counterMax: 800 },
  { cost: 2000, counterMax: 1600 },
  { cost: 4000, counterMax: 1600 },
  { cost: DEFAULT_CAPTCHA_COST, counterMax: DEFAULT_CAPTCHA_COUNTER_MAX },
  { cost: 12000, counterMax: 1600 },
];

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

export async function captcha(opts: { table: (rows: string[][]) => void }) {
  const samples = Number(process.env.CAPTCHA_BENCH_SAMPLES) || 9;
  // altcha-lib's solver for the browser, as one script.
  const bundle = await build({
    stdin: {
      // The widget's PBKDF2 worker derives keys with WebCrypto; altcha-lib's own deriveKey is
      // node:crypto, so the page gets the WebCrypto one.
      contents: `import { solveChallenge } from 'altcha-lib';
async function deriveKey(parameters, salt, password) {
  const key = await crypto.subtle.importKey('raw', password, 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: parameters.cost },
    key,
    parameters.keyLength * 8,
  );
  return { parameters: {}, derivedKey: new Uint8Array(bits) };
}
globalThis.solve = async (challenge) => {
  const t0 = performance.now();
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 120000 });
  return { ms: performance.now() - t0, counter: solution ? solution.counter : -1 };
};`,
      resolveDir: root,
      loader: 'js',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
  });
  const script = bundle.outputFiles[0]!.text;
  // WebCrypto needs a secure context: the page comes from 127.0.0.1 (about:blank has no crypto.subtle).
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><script>${script}</script>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(url);
    const rows = [['cost × counter', 'mean PBKDF2 iterations', 'median', 'p90', 'max']];
    for (const s of settings) {
      const times: number[] = [];
      for (let i = 0; i < samples; i++) {
        const challenge: Challenge = await createChallenge({
          algorithm: 'PBKDF2/SHA-256',
          cost: s.cost,
          counter: randomInt(Math.floor(s.counterMax / 8), s.counterMax + 1),
          deriveKey,
          expiresAt: Math.floor(Date.now() / 1000) + 600,
          hmacSignatureSecret: 'bench',
          hmacKeySignatureSecret: 'bench-key',
        });
        const r = await page.evaluate(
          (c) =>
            (
              globalThis as unknown as { solve: (c: unknown) => Promise<{ ms: number; counter: number }> }
            ).solve(c),
          challenge as unknown,
        );
        if (r.counter < 0) throw new Error('no solution');
        times.push(r.ms);
      }
      const mark =
        s.cost === DEFAULT_CAPTCHA_COST && s.counterMax === DEFAULT_CAPTCHA_COUNTER_MAX ? ' (default)' : '';
      rows.push([
        `${s.cost} × ≤${s.counterMax}${mark}`,
        `${((s.cost * (s.counterMax / 8 + s.counterMax)) / 2 / 1e6).toFixed(2)} M`,
        `${(quantile(times, 0.5) / 1000).toFixed(2)} s`,
        `${(quantile(times, 0.9) / 1000).toFixed(2)} s`,
        `${(Math.max(...times) / 1000).toFixed(2)} s`,
      ]);
    }
    console.log(`\ncaptcha: solve time in headless Chromium, one thread, ${samples} challenges per setting`);
    opts.table(rows);
  } finally {
    await browser.close();
    server.close();
  }
}

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * How the web's unit files are run (vitest.config.ts; docs/performance.md "CI time"). Most run in
 * vm contexts ('unit-vm', Vitest's vmForks pool): a fresh context and module
 * graph for each file, in a worker process that runs one file after another, so a file pays neither
 * a process's start nor jsdom's import. A file that mocks modules (vi.mock and its kin) runs in a
 * process of its own ('unit-isolated', forks): in vm contexts a module mock registered by one file
 * reached the module graph of the next file in the same worker (two web files mocking the same API
 * module: the second file's page called the first file's mock). Read from the files, so a new file
 * lands on the right side.
 */
const MOCKS_MODULES = /\bvi\.(mock|doMock|unmock|doUnmock|resetModules)\(/;

/**
 * Files that run in a process of their own for another reason. formio-parts watches a lazy control's
 * fallback while its chunk loads: in a vm context a module the context already holds is imported
 * within microtasks, and React then draws the control at once, without the fallback.
 */
const OWN_PROCESS = ['test/unit/web/formio-parts.test.tsx'];

export function splitByModuleMocks(files: readonly string[]): { vm: string[]; forks: string[] } {
  const vm: string[] = [];
  const forks: string[] = [];
  for (const file of files)
    (OWN_PROCESS.includes(file) || MOCKS_MODULES.test(readFileSync(file, 'utf8')) ? forks : vm).push(file);
  return { vm, forks };
}

/** The web's unit test files (test/unit/web, any depth), as paths from the repository's root. */
export function webUnitFiles(root = process.cwd()): string[] {
  const dir = 'test/unit/web';
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.test\.tsx?$/.test(f))
    .map((f) => `${dir}/${f.split('\\').join('/')}`)
    .sort();
}

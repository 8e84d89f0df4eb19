import { afterAll } from 'vitest';

/**
 * A setup file of the unit-isolated project (vitest.config.ts): its files run in vm contexts of a
 * worker process that runs one file after another, and process.env is the process's, not the
 * context's. What a file sets in it (a table name, a secret, a switch) is undone after the file, so
 * each file starts from the environment a process of its own would have.
 */
const before = { ...process.env };

afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in before)) delete process.env[key];
  Object.assign(process.env, before);
});

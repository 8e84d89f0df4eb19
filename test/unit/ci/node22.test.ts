/**
 * `.ci/node22` (sourced by .ci/run, README "Prerequisites"): Node 22 first on PATH when the machine's
 * node is older, from the `node` package in a local prefix, the global node left alone. Run with
 * stand-in `node` and `npm` scripts, so nothing is downloaded.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const script = path.resolve(import.meta.dirname, '../../../.ci/node22');

function fakeNode(dir: string, version: string) {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'node');
  // Answers `node -p <major>` and `node --version` as a node of that version would.
  writeFileSync(
    file,
    `#!/bin/sh\nif [ "$1" = "-p" ]; then echo ${version.split('.')[0]}; else echo v${version}; fi\n`,
  );
  chmodSync(file, 0o755);
}

/** A machine with `node` of `machineVersion` and an `npm` that "installs" node@22 by writing a stand-in. */
function machine(machineVersion: string) {
  const root = mkdtempSync(path.join(tmpdir(), 'node22-'));
  const bin = path.join(root, 'machine-bin');
  fakeNode(bin, machineVersion);
  const npmLog = path.join(root, 'npm.log');
  writeFileSync(
    path.join(bin, 'npm'),
    [
      '#!/bin/sh',
      `echo "$@" >> ${npmLog}`,
      'prefix=""; while [ $# -gt 0 ]; do [ "$1" = "--prefix" ] && prefix="$2"; shift; done',
      `mkdir -p "$prefix/node_modules/node/bin" && cp ${path.join(bin, 'node')} "$prefix/node_modules/node/bin/node"`,
      `sed -i 's/echo ${machineVersion.split('.')[0]}/echo 22/; s/echo v${machineVersion}/echo v22.23.3/' "$prefix/node_modules/node/bin/node"`,
    ].join('\n'),
  );
  chmodSync(path.join(bin, 'npm'), 0o755);
  const prefix = path.join(root, 'cache', 'node22');
  const source = () =>
    execFileSync('/bin/bash', ['-c', `set -euo pipefail; . ${script}; echo "$(node --version) $PATH"`], {
      env: { PATH: `${bin}:/usr/bin:/bin`, HOME: root, NODE22_PREFIX: prefix },
      encoding: 'utf8',
    });
  return { bin, prefix, npmLog, source };
}

describe('.ci/node22', () => {
  it('a machine on Node 20: installs node@22 into the prefix once and puts it first on PATH', () => {
    const m = machine('20.20.2');
    const out = m.source().trim().split('\n').pop()!;
    const [version, pathVar] = out.split(' ');
    expect(version).toBe('v22.23.3');
    expect(pathVar!.split(':')[0]).toBe(path.join(m.prefix, 'node_modules', 'node', 'bin'));
    expect(readFileSync(m.npmLog, 'utf8')).toBe(
      `install --prefix ${m.prefix} --no-audit --no-fund --loglevel=error node@22\n`,
    );
    // The machine's node is untouched, and a second shell reuses the prefix without installing.
    expect(execFileSync(path.join(m.bin, 'node'), ['--version'], { encoding: 'utf8' }).trim()).toBe(
      'v20.20.2',
    );
    expect(m.source().trim()).toMatch(/^v22\.23\.3 /);
    expect(readFileSync(m.npmLog, 'utf8').split('\n').filter(Boolean)).toHaveLength(1);
  });

  it('a machine on Node 22 or newer: nothing installed, PATH unchanged', () => {
    const m = machine('22.12.0');
    expect(m.source().trim()).toBe(`v22.12.0 ${m.bin}:/usr/bin:/bin`);
    expect(existsSync(m.npmLog)).toBe(false);
    expect(existsSync(m.prefix)).toBe(false);
  });
});

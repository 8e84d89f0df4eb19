import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CPU_MARK, cpuSecondsOf } from '../../support/layer-cpu';

describe("a layer's CPU (test/run-all.ts)", () => {
  it("reads bash's `times` line as user + system seconds", () => {
    expect(cpuSecondsOf('1m2.500s 0m10.250s')).toBe(72.75);
    expect(cpuSecondsOf('0m0.000s 0m0.004s')).toBe(0.004);
    expect(cpuSecondsOf('some output')).toBeUndefined();
  });

  it('counts the CPU of the processes a layer waited for', () => {
    // As run-all runs a layer: the command, then the mark and `times`; the children's line is last.
    // Busy until it has used 0.4 s of CPU itself (not of wall time: the machine may be loaded).
    const busy = 'while (process.cpuUsage().user < 400_000);';
    const out = execFileSync(
      'bash',
      ['-c', `"$@"; rc=$?; echo ${CPU_MARK}; times; exit $rc`, 'layer', process.execPath, '-e', busy],
      { encoding: 'utf8' },
    );
    const after = out
      .split('\n')
      .slice(out.split('\n').indexOf(CPU_MARK) + 1)
      .filter(Boolean);
    expect(after).toHaveLength(2);
    expect(cpuSecondsOf(after[1]!)).toBeGreaterThanOrEqual(0.3);
  });
});

/**
 * The CPU a test layer's processes took (test/run-all.ts): each layer runs under a bash that prints
 * CPU_MARK and then bash's `times` when the layer ends; its second line is the children's user and
 * system time (every descendant that was waited for: vitest's workers, the stacks, the browsers).
 */
export const CPU_MARK = '__layer_cpu__';

/** Seconds of CPU (user + system) from a `times` line, `XmY.YYYs XmY.YYYs`; undefined for another line. */
export function cpuSecondsOf(line: string): number | undefined {
  const m = /^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/.exec(line.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) + Number(m[3]) * 60 + Number(m[4]) : undefined;
}

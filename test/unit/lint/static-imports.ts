import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The repository root. */
export const root = path.resolve(import.meta.dirname, '..', '..', '..');

function resolve(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
    (f) => existsSync(f) && /\.tsx?$/.test(f),
  );
}

/**
 * The packages reached from `entries` (repository-relative) by static imports and re-exports
 * (type-only ones are erased; `import(…)` loads later and is not followed), each with the first
 * file importing it. `seen` collects the files visited.
 */
export function packagesReached(entries: string[], seen = new Set<string>()): Map<string, string> {
  const packages = new Map<string, string>();
  const queue = entries.map((e) => path.join(root, e));
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(
      /^(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm,
    )) {
      const spec = m[1]!;
      if (spec.startsWith('.')) {
        const next = resolve(file, spec);
        if (next) queue.push(next);
      } else if (!packages.has(spec)) packages.set(spec, path.relative(root, file));
    }
  }
  return packages;
}

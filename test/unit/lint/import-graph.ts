import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The repository root. */
export const root = path.resolve(import.meta.dirname, '..', '..', '..');

/** The source files under `dirs` (repository-relative), repository-relative, sorted. */
export function sourceFiles(dirs: string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(path.join(root, dir))) {
      const rel = path.join(dir, name);
      if (statSync(path.join(root, rel)).isDirectory()) {
        if (name !== 'node_modules' && name !== 'dist') walk(rel);
      } else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(rel);
    }
  };
  dirs.forEach(walk);
  return out.sort();
}

/** A relative specifier to the file it loads: `./x.js` is `./x.ts` (or .tsx), `./x` is x.ts or x/index.ts. */
export function resolveImport(from: string, spec: string): string | undefined {
  const base = path.resolve(root, path.dirname(from), spec);
  const stem = base.replace(/\.(m|c)?jsx?$/, '');
  return [base, `${stem}.ts`, `${stem}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => path.relative(root, f))
    .find((f) => existsSync(path.join(root, f)));
}

/**
 * The files a file loads when it runs: static imports and re-exports with a relative specifier.
 * Type-only ones (`import type`, `export type`, or every named binding marked `type`) are erased, and
 * `import(…)` loads later: neither is an edge.
 */
export function runtimeImports(file: string, { types = false, dynamic = false }: ImportKinds = {}): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(path.join(root, file), 'utf8'),
    ts.ScriptTarget.Latest,
  );
  const specs: string[] = [];
  for (const s of source.statements) {
    if (ts.isImportDeclaration(s)) {
      const clause = s.importClause;
      if (clause?.isTypeOnly && !types) continue;
      const bindings = clause?.namedBindings;
      const onlyTypes =
        clause && !clause.name && bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0
          ? bindings.elements.every((e) => e.isTypeOnly)
          : false;
      if ((types || !onlyTypes) && ts.isStringLiteral(s.moduleSpecifier)) specs.push(s.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(s) && s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier)) {
      const onlyTypes =
        s.isTypeOnly ||
        (s.exportClause &&
          ts.isNamedExports(s.exportClause) &&
          s.exportClause.elements.length > 0 &&
          s.exportClause.elements.every((e) => e.isTypeOnly));
      if (types || !onlyTypes) specs.push(s.moduleSpecifier.text);
    }
  }
  if (dynamic) {
    const visit = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0])
      )
        specs.push(node.arguments[0].text);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return specs
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => resolveImport(file, spec.replace(/\?.*$/, '')))
    .filter((f): f is string => f !== undefined);
}

/** Which imports count beside the static ones that load at run time. */
export interface ImportKinds {
  /** Type-only imports and re-exports (erased from the bundle, but still a dependency). */
  types?: boolean;
  /** `import(…)`: loads later, but still a dependency. */
  dynamic?: boolean;
}

/** The import graph of the source files under `dirs`: file → the files it loads. */
export function importGraph(dirs: string[], options: ImportKinds = {}): Map<string, string[]> {
  return new Map(sourceFiles(dirs).map((f) => [f, runtimeImports(f, options)]));
}

/**
 * The import circles of a graph: its strongly connected components of more than one file (or a file
 * importing itself), each sorted, in order of their first file (Tarjan's algorithm).
 */
export function importCircles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) circles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return circles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

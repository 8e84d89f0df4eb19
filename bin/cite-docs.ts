/**
 * The citations codemod: code comments cite the docs page of their area, never a spec section
 * (`docs/architecture.md`, `docs/architecture.md`) or an issue number (`docs/architecture.md`) that no
 * reader of the repository can open. `npx tsx bin/cite-docs.ts` rewrites every .ts/.tsx file under
 * the checked folders in place and prints what it changed; `--check` only lists the files it would
 * change (exit 1 if any); `--spec` prints, per docs page, the spec sections its code cites (the
 * "Spec" lines of the feature pages come from it).
 *
 * What it touches: comments everywhere, in test/ the text of string and template literals too
 * (test names and `why:` descriptions, never what a person sees), and cdk-nag suppression reasons
 * (`reason: '…'`). Nothing else: the rest of a file is copied as it is. A citation becomes the docs page
 * of the file's area (`PAGE_BY_PATH`, first match wins), and repeated pages in one parenthesis
 * merge: `(docs/architecture.md; docs/documents.md)` → `(docs/documents.md)`.
 * Running it twice changes nothing the second time. test/unit/lint/citations.test.ts refuses what
 * it rewrites, so a new citation fails lint until it names a docs page.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** The folders whose .ts/.tsx files cite docs pages only. */
export const CHECKED_FOLDERS = ['functions', 'shared', 'web/src', 'infra', 'test', 'bin'];

/**
 * A file's area → its docs page: the first pattern that matches the path (relative to the root,
 * with forward slashes) wins. Specific areas come before the broad ones they sit inside.
 */
export const PAGE_BY_PATH: ReadonlyArray<readonly [RegExp, string]> = [
  [/(^|\/)bench\/|first-load|budgets?[.-]|sign-in-imports|dashboard-imports/, 'docs/performance.md'],
  [/council-quickstart/, 'docs/council-quickstart.md'],
  [/council|lodgement|registered-applicant/i, 'docs/council-api.md'],
  [/access-requests?/, 'docs/access-requests.md'],
  [/rfis?[./-]|\/rfis\//, 'docs/rfis.md'],
  [/payment|payer|nz-bank-account/, 'docs/payments.md'],
  [/notification|unsubscribe|inbox|mail/, 'docs/notifications.md'],
  [/organisation/, 'docs/organisations.md'],
  [
    /participant|person-?search|contacts?[./-]|\/contacts\/|qualification|owners-group/i,
    'docs/participants.md',
  ],
  [/statutory-clock|working-days|nz-days|calendar-date|inspections/, 'docs/statutory-clock.md'],
  [/web\/src\/features\/(documents|uploads?)|web\/src\/.*upload/i, 'docs/documents-web.md'],
  [/documents\/checks\/|file-type|scan-checks|image-convert/, 'docs/documents-checks.md'],
  [/lookups?|address|site-map|nz-outline|nz-land|linz|nzpost/i, 'docs/lookups.md'],
  [
    /accounts?[./-]|\/accounts\/|profile|registration|cognito|sign-in|two-step|password|user\.ts|post-confirmation|mfa|\/auth\/|auth-/i,
    'docs/accounts.md',
  ],
  [/reference|countr|formio-definitions/, 'docs/reference-data.md'],
  [
    /documents|thumbnail|images?[./-]|upload|scan|merge|title|issued-documents|document-groups|document-reviews/,
    'docs/documents.md',
  ],
  [/demo/, 'docs/demo.md'],
  [
    /application|steps|step-data|formio|submission|dashboard|lists?[./-]|next-steps|offers|signature|read-model|journey|template/,
    'docs/applications.md',
  ],
  [/observability|metrics|alarms|operations|ops[./-]|redrive|dead-letter/, 'docs/operations.md'],
  [/tracing/, 'docs/tracing.md'],
  [/browser-errors|rum/, 'docs/browser-errors.md'],
  [/events?[./-]|\/events\/|outbox|stream|consumer|recurring-jobs|scheduler/, 'docs/events.md'],
  [
    /security|waf|csp|abuse|rate-limit|token-bucket|body-limits|link-secrets|ip-address|nag|fuzz|sanitise/,
    'docs/security.md',
  ],
  [/authori[sz]ation|access|caller|iam|grants/, 'docs/authorization.md'],
  [
    /i18n|dates|plain-labels|content|labels|messages|format|errors?[./-]|error-catalogue/,
    'docs/content-guide.md',
  ],
  [/^infra\/local|^bin\/local|\/local-|localstack|with-stack|s3-local/, 'docs/local.md'],
  [/^infra\//, 'docs/deploy.md'],
  [/^web\/src\/|^test\/e2e\//, 'docs/features.md'],
  [/./, 'docs/architecture.md'],
];

/** The docs page a file's citations point at. */
export function pageFor(file: string): string {
  const rel = file.split(path.sep).join('/');
  return PAGE_BY_PATH.find(([pattern]) => pattern.test(rel))![1];
}

// Whitespace inside a comment, which may break the line (`\n * ` or `\n // `).
const WS = String.raw`(?:[ \t]|\r?\n[ \t]*(?:\*(?!/)|//)?[ \t]*)+`;
// `organisation §8` is how a few comments shortened portal-organisation.
const SPEC_NAME = String.raw`(?:portal-(?:core|organisation)(?:-and-supporting)?|\borganisation(?= §\d))`;
const SEPARATOR = String.raw`(?:[,;]?${WS}(?:and${WS})?|-)`;
// A section, with its quoted rule or a short label when another section follows (`§3 Contact, §7`).
const SECTION = String.raw`§\d+(?:[.–-]\d+)?(?:${WS}"[^"\n]*"|(?: [\w…/{}.'-]+){1,5}(?=${SEPARATOR}(?:${SPEC_NAME}${WS})?§))?`;
/** `docs/architecture.md` and a short label ending the part. */
const SPEC = String.raw`${SPEC_NAME}${WS}${SECTION}(?:${SEPARATOR}(?:${SPEC_NAME}${WS})?${SECTION})*(?:(?: [\w…/{}.'-]+){1,3}(?=[;)]))?`;
const NUMBER = String.raw`\d+[a-z]?`;
/** `docs/architecture.md`, `docs/architecture.md`, `docs/architecture.md`, `docs/architecture.md`, `docs/architecture.md`. */
const ISSUE = String.raw`\b[Ii]ssues?${WS}#?\d+(?:(?:,|${WS}and)${WS}\d+)*(?:,?${WS}(?:points?|items?|findings?|step|part)${WS}${NUMBER}(?:(?:,|${WS}and|${WS}to|-)(?:${WS})?${NUMBER})*)?(?:,?${WS}(?:"[^"\n]*"|\((?:[A-Z]\d+)\)|B\d+|[A-Z]\d+(?=[)\s;:,.])))?`;
const CITATION = new RegExp(`${SPEC}|${ISSUE}`, 'g');

/** What the lint test refuses: any spec-section or issue citation left. */
export const REFUSED = /portal-(?:core|organisation)(?:-and-supporting)? §|\bissues? #?\d+/gi;

/** The ranges of a file the codemod may rewrite: comments, and in tests the literals' text. */
export function rewritableRanges(file: string, source: string): Array<[number, number]> {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const ranges = new Map<number, number>();
  const jsxText: Array<[number, number]> = [];
  const literals = /(^|\/)test\//.test(file.split(path.sep).join('/'));
  const add = (list: ts.CommentRange[] | undefined) => {
    for (const r of list ?? []) ranges.set(r.pos, r.end);
  };
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.JsxText) {
      jsxText.push([node.pos, node.end]);
      return;
    }
    add(ts.getLeadingCommentRanges(source, node.pos));
    add(ts.getTrailingCommentRanges(source, node.end));
    // cdk-nag's suppression reasons are documentation too (`{ id, reason: '…' }` in infra/).
    const nagReason =
      ts.isStringLiteral(node) &&
      ts.isPropertyAssignment(node.parent) &&
      node.parent.initializer === node &&
      node.parent.name.getText(sf) === 'reason';
    if (
      nagReason ||
      (literals &&
        (ts.isStringLiteral(node) ||
          ts.isNoSubstitutionTemplateLiteral(node) ||
          ts.isTemplateHead(node) ||
          ts.isTemplateMiddle(node) ||
          ts.isTemplateTail(node)))
    ) {
      ranges.set(node.getStart(sf), node.end);
      return;
    }
    for (const child of node.getChildren(sf)) visit(child);
  };
  visit(sf);
  return [...ranges]
    .filter(([pos, end]) => !jsxText.some(([a, b]) => pos >= a && end <= b))
    .sort((a, b) => a[0] - b[0])
    .filter(([pos], i, all) => i === 0 || pos >= all[i - 1]![1]);
}

/** Merges a docs page repeated in one parenthesis or list: `(D; D "Merge")` → `(D "Merge")`. */
function mergeRepeats(text: string, page: string): string {
  const p = page.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  let out = text;
  for (let before = ''; before !== out;) {
    before = out;
    out = out
      // D, D / D; D / D and D → D
      .replace(new RegExp(`${p}((?:${SEPARATOR})${p})+(?![\\w/])`, 'g'), page)
      // D; D "Section" → D "Section"   and   D "Section"; D → D "Section"
      .replace(new RegExp(`${p}${SEPARATOR}(${p}${WS}"[^"\\n]*")`, 'g'), '$1')
      .replace(new RegExp(`(${p}${WS}"[^"\\n]*")${SEPARATOR}${p}(?![\\w/ ]*")(?=[;),.:\\s])`, 'g'), '$1')
      // (D ...; D) → (D ...)
      .replace(new RegExp(`\\((${p}[^()]*?);${WS}${p}\\)`, 'g'), '($1)')
      .replace(new RegExp(`\\(${p};${WS}(${p}[^()]*?)\\)`, 'g'), '($1)');
  }
  return out;
}

/** History an issue number dated: said as what it was, not by the number. */
const HISTORY: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bthe layout before issue 9\b/g, 'the old layout'],
  [/\bThe layout before issue 9\b/g, 'The old layout'],
  [/\bwritten before issue 9\b/g, 'written in the old layout'],
  [/\bBefore issue 9 this prefix\b/g, 'In the old layout this prefix'],
  [/\bBefore issue 33: the plain secret\b/g, 'Before secrets were sealed: the plain secret'],
];

/** A spec citation used as a noun ("of the spec (docs/architecture.md)", "the spec (docs/architecture.md) names …"). */
const SPEC_AS_NOUN = {
  before: /\b(?:of|in|by|from|and|as|per|than) $/,
  after:
    /^ (?:names|says|reads|lists|has|gives|defines|asks|allows|counts|calls|shows|puts|wants|requires|keeps|leaves|only|does|is|spells|writes)\b/,
};

/** One comment's (or test literal's) text with its citations pointing at `page`. */
export function rewriteCitations(text: string, page: string): string {
  let out = text;
  for (const [pattern, said] of HISTORY) out = out.replace(pattern, said);
  CITATION.lastIndex = 0;
  if (!CITATION.test(out)) return out;
  CITATION.lastIndex = 0;
  out = out.replace(CITATION, (match: string, offset: number, whole: string) => {
    if (!match.startsWith('portal-')) return page;
    const before = whole.slice(Math.max(0, offset - 6), offset);
    const after = whole.slice(offset + match.length, offset + match.length + 12);
    return SPEC_AS_NOUN.before.test(before) || SPEC_AS_NOUN.after.test(after) ? `the spec (${page})` : page;
  });
  return dropLoneSections(mergeRepeats(out, page), page);
}

/**
 * A section left over after the page in the same parenthesis (`(D Parcel; §7 NZ Post …)`, where a
 * label with commas ended the citation early) names nothing once the spec is gone: it goes. A
 * docs page's own sections (`docs/council-api.md §4, §6`) stay.
 */
function dropLoneSections(text: string, page: string): string {
  const p = page.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const group = new RegExp(`${p}[^()]*?\\)`, 'g');
  const lone = /(?<!\.md(?: §\d+(?:[.–-]\d+)?,?)* ?)(?<=[;,] |\n[ \t]*\*[ \t]*)§\d+(?:[.–-]\d+)? ?/g;
  return text.replace(group, (span) => span.replace(lone, ''));
}

/** A whole file with its citations rewritten; the code outside the rewritable ranges is kept. */
export function rewriteFile(file: string, source: string): string {
  const page = pageFor(path.relative(ROOT, path.resolve(ROOT, file)));
  let out = '';
  let at = 0;
  for (const [pos, end] of rewritableRanges(file, source)) {
    out += source.slice(at, pos) + rewriteCitations(source.slice(pos, end), page);
    at = end;
  }
  out += source.slice(at);
  return out;
}

/** The files that name the citations to find them: this codemod and the lint test. */
export const EXEMPT = ['bin/cite-docs.ts', 'test/unit/lint/citations.test.ts'];

/** The .ts/.tsx files of the checked folders (relative paths, sorted, no node_modules). */
export function checkedFiles(root = ROOT): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) walk(rel);
      } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !EXEMPT.includes(rel)) {
        files.push(rel);
      }
    }
  };
  for (const folder of CHECKED_FOLDERS) walk(folder);
  return files.sort();
}

/** The spec sections each docs page's code cites (for the pages' "Spec" lines). */
function specByPage(files: string[]): Map<string, Set<string>> {
  const byPage = new Map<string, Set<string>>();
  for (const file of files) {
    const source = readFileSync(path.join(ROOT, file), 'utf8');
    for (const m of source.matchAll(new RegExp(SPEC, 'g'))) {
      const set = byPage.get(pageFor(file)) ?? new Set<string>();
      let doc = '';
      for (const part of m[0].matchAll(/portal-(core|organisation)|§(\d+)/g)) {
        if (part[1]) doc = part[1] === 'core' ? 'portal-core' : 'portal-organisation';
        else set.add(`${doc} §${part[2]}`);
      }
      byPage.set(pageFor(file), set);
    }
  }
  return byPage;
}

function main(args: string[]): void {
  const files = checkedFiles();
  if (args.includes('--spec')) {
    for (const [page, sections] of [...specByPage(files)].sort()) {
      console.log(`${page}: ${[...sections].sort().join(', ')}`);
    }
    return;
  }
  const check = args.includes('--check');
  const changed: string[] = [];
  for (const file of files) {
    const source = readFileSync(path.join(ROOT, file), 'utf8');
    const next = rewriteFile(file, source);
    if (next === source) continue;
    changed.push(file);
    if (!check) writeFileSync(path.join(ROOT, file), next);
  }
  for (const file of changed) console.log(`${check ? 'would change' : 'changed'} ${file}`);
  console.log(`${changed.length} file(s) ${check ? 'to change' : 'changed'}`);
  if (check && changed.length > 0) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));

/**
 * The OpenAPI document the site serves at `GET /public/openapi.json`: docs/openapi.json, which
 * `npm run openapi` writes from the route table and every contract (bin/openapi.ts; a unit test fails
 * when it is stale). A Lambda has the file beside its bundle (`openapi.json`: the API stack copies it
 * there when it bundles the site function), so the site's bundle carries neither every feature's
 * contracts nor the OpenAPI builder (docs/performance.md "Lambda bundles and module init"); the
 * TypeScript source (the local stack, tests) reads the repository's file.
 *
 * Only Node's modules: the CDK app reads this module too.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** The document in the repository, relative to its root. */
export const openApiSourceFile = 'docs/openapi.json';

/** The document in a Lambda's asset, relative to its bundle (index.mjs). */
export const openApiBundleFile = 'openapi.json';

/** What the site's bundle needs beside it (PortalFunction's `files`). */
export const openApiBundleFiles: Record<string, string> = { [openApiBundleFile]: openApiSourceFile };

/**
 * Where the document may be, the first that exists wins: beside the bundle (in a Lambda,
 * `import.meta.url` is its index.mjs) or the repository's docs/ (running the TypeScript source, this
 * file is functions/site/openapi-document.ts).
 */
export function openApiDocumentFiles(): string[] {
  return [
    fileURLToPath(new URL(`./${openApiBundleFile}`, import.meta.url)),
    fileURLToPath(new URL(`../../${openApiSourceFile}`, import.meta.url)),
  ];
}

/** Reads the document from the first of `files` that exists (not cached). */
export async function readOpenApiDocument(
  files: string[] = openApiDocumentFiles(),
): Promise<Record<string, unknown>> {
  const file = files.find((f) => existsSync(f));
  if (!file) throw new Error(`The OpenAPI document is in none of: ${files.join(', ')}`);
  return JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
}

/**
 * Writes the OpenAPI 3.1 document of the route table and the contracts to docs/openapi.json
 * (`npm run openapi`); the API serves the same document at GET /public/openapi.json.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { contracts } from '../functions/contracts.js';
import { buildOpenApi } from '../functions/platform/http/openapi.js';
import { routes } from '../functions/routes.js';

const out = path.resolve(import.meta.dirname, '..', 'docs', 'openapi.json');
const doc = buildOpenApi(routes, contracts, { version: '0.1.0' });
writeFileSync(out, `${JSON.stringify(doc, null, 2)}\n`);
console.log(`wrote ${path.relative(process.cwd(), out)}: ${Object.keys(doc.paths as object).length} paths`);

/**
 * Writes the OpenAPI 3.1 document of the route table and the contracts to docs/openapi.json
 * (`npm run openapi`); the API serves the same document at GET /public/openapi.json. Then writes
 * the council API's TypeScript types generated from that document by openapi-typescript
 * (infra/council/api-types.ts), which the council client (infra/council/client.ts) is typed by:
 * a contract change that breaks a council call fails to compile. A unit test compares both files
 * with a fresh generation.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { contracts } from '../functions/contracts.js';
import { buildOpenApi } from '../functions/platform/http/openapi.js';
import { routes } from '../functions/routes.js';
import { councilApiTypes } from '../infra/council/api-types-generate.js';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'docs', 'openapi.json');
const doc = buildOpenApi(routes, contracts, { version: '0.1.0' });
writeFileSync(out, `${JSON.stringify(doc, null, 2)}\n`);
console.log(`wrote ${path.relative(process.cwd(), out)}: ${Object.keys(doc.paths as object).length} paths`);

const types = path.join(root, 'infra', 'council', 'api-types.ts');
writeFileSync(types, await councilApiTypes(doc));
console.log(`wrote ${path.relative(process.cwd(), types)}`);

/**
 * Generates the sample data of the local lookup services (functions/platform/adapters/lookups):
 *
 * - addresses.json: NZ Post-style physical addresses in six cities (real suburbs, their postcodes
 *   and real street names; house numbers, unit and letter suffixes; coordinates inside the suburb;
 *   a DPID and the territorial authority each);
 * - parcels.json: the parcels under those addresses (legal description, lot, DP, valuation number),
 *   keyed by DPID;
 * - practitioners.json: Licensed Building Practitioners with BP numbers, cities and licence classes
 *   in every status, including every inactive reason of the register.
 *
 * Deterministic (a seeded PRNG): running it again gives the same files byte for byte.
 *
 *   npx tsx shared/sample-data/generate.ts [outDir]   (default: this folder)
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { generateAddresses, generatePractitioners, authorityAliases } from './generate-data.js';

const outDir = path.resolve(process.argv[2] ?? path.dirname(fileURLToPath(import.meta.url)));

async function write(name: string, data: unknown) {
  const file = path.join(outDir, name);
  // The repository's prettier settings, wherever the files are written.
  const config = (await prettier.resolveConfig(fileURLToPath(import.meta.url))) ?? {};
  const text = await prettier.format(JSON.stringify(data), { ...config, parser: 'json', filepath: file });
  await writeFile(file, text);
  console.log(`${name}: ${text.length} bytes`);
}

const { addresses, parcels } = generateAddresses();
const practitioners = generatePractitioners();
await write('addresses.json', {
  territorialAuthorities: Object.entries(authorityAliases).map(([name, aliases]) => ({ name, aliases })),
  addresses,
});
await write('parcels.json', parcels);
await write('practitioners.json', practitioners);
console.log(
  `${addresses.length} addresses, ${Object.values(parcels).flat().length} parcels, ${practitioners.length} practitioners`,
);

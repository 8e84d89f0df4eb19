import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { Country } from '../../shared/schemas/country.js';
import { putCountries } from '../../functions/data/repositories/countries.js';

const countriesFile = new URL('../../shared/reference/countries.json', import.meta.url);

/** Reads and validates shared/reference/countries.json (ids and codes unique). */
export async function loadCountries(): Promise<Country[]> {
  const raw: unknown = JSON.parse(await readFile(countriesFile, 'utf8'));
  const countries = z.array(Country).parse(raw);
  const ids = new Set(countries.map((c) => c.id));
  const codes = new Set(countries.map((c) => c.abbreviatedName));
  if (ids.size !== countries.length || codes.size !== countries.length)
    throw new Error('countries.json: duplicate id or abbreviatedName');
  return countries;
}

/**
 * Loads the reference data into the table (TABLE_NAME) through the repositories. Idempotent: every
 * item is a put of the same values, so re-running changes nothing.
 */
export async function seedReferenceData(): Promise<{ countries: number }> {
  const countries = await loadCountries();
  const { unprocessed } = await putCountries(countries);
  if (unprocessed > 0) throw new Error(`seed: ${unprocessed} countries were not written`);
  return { countries: countries.length };
}

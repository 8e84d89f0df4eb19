import { entities } from '../../platform/data/service.js';
import type { Country } from '../../../shared/schemas/country.js';

/** Writes the countries (batch put: idempotent, a re-run overwrites with the same values). */
export async function putCountries(countries: readonly Country[]): Promise<{ unprocessed: number }> {
  if (countries.length === 0) return { unprocessed: 0 };
  const { unprocessed } = await entities.country
    .put(
      countries.map((c) => ({
        countryId: c.id,
        name: c.name,
        abbreviatedName: c.abbreviatedName,
        phoneCountryCode: c.phoneCountryCode,
      })),
    )
    .go();
  return { unprocessed: unprocessed.length };
}

/** Every country, ordered by id (New Zealand first). */
export async function listCountries(): Promise<Country[]> {
  const { data } = await entities.country.query.all({}).go({ pages: 'all' });
  return data
    .map((c) => ({
      id: c.countryId,
      name: c.name,
      abbreviatedName: c.abbreviatedName,
      phoneCountryCode: c.phoneCountryCode,
    }))
    .sort((a, b) => a.id - b.id);
}

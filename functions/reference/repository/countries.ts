import { entities } from '../../platform/data/service.js';
import type { Country } from '../../../shared/schemas/country.js';

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

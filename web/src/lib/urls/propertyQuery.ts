/**
 * The property query of the new-application steps, parsed with the shared Address schema. Apart from
 * ./rules.ts so the shell and the dashboard load without zod: the route's loader imports it lazily.
 */
import { decodeParam } from './queryCodec';
import { Address } from '../../../../shared/schemas/common';

/**
 * The query of the address and authority-property-records steps: `intention`, `refApplicationId`,
 * `address` (encoded, see ./queryCodec) and `authority-id`. Returns undefined when the encoded
 * address does not parse or the authority is missing (authority-property-records then goes to /).
 */
export function parsePropertyQuery(search: URLSearchParams):
  | {
      intention: string | undefined;
      refApplicationId: string | undefined;
      address: Address;
      authorityId: string;
    }
  | undefined {
  const address = decodeParam(search.get('address'), Address);
  const authorityId = search.get('authority-id')?.trim();
  if (!address || !authorityId) return undefined;
  return {
    intention: search.get('intention')?.trim() || undefined,
    refApplicationId: search.get('refApplicationId')?.trim() || undefined,
    address,
    authorityId,
  };
}

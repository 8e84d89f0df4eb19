/**
 * The local lookup services: real programs over the sample data (shared/sample-data/, written by
 * its generate.ts; read from the files at first use, never bundled as code: sample-data.ts), searched
 * the way the real services search (search.ts).
 *
 * Fault injection (local stack only): when LOOKUPS_FAULTS_FILE names a file that exists, it is read
 * on every call; `{"nzpost": "connect" | "timeout" | "status", "property": ..., "lbp": ...}` makes
 * that service fail the way the real one can (a LookupServiceError of that kind). Integration tests
 * write the file in the stack's data folder and remove it afterwards.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import {
  AddressLookupResult,
  Practitioner,
  type AddressSuggestion,
  type Parcel,
} from '../../../../shared/schemas/lookups.js';
import {
  compareHouseNumbers,
  exactTokenCount,
  matchTokens,
  matchesAllTokens,
  normalise,
  tokens,
} from './search.js';
import { sampleDataBundleDir, sampleDataFiles, sampleDataSourceDir } from './sample-data.js';
import {
  LookupServiceError,
  type AddressService,
  type LbpRegister,
  type LookupFailure,
  type LookupServiceName,
  type ParcelAddress,
  type PropertyService,
} from './types.js';

export interface SampleAddress {
  dpid: string;
  unit?: string;
  number: string;
  street: string;
  suburb: string;
  city: string;
  postcode: string;
  fullAddress: string;
  latitude: number;
  longitude: number;
  territorialAuthority: string;
}

export interface SampleData {
  territorialAuthorities: { name: string; aliases: string[] }[];
  addresses: SampleAddress[];
  parcels: Record<string, Parcel[]>;
  practitioners: Practitioner[];
}

/**
 * The folders the sample data may be in, the first that has every file wins: beside the bundle (in a
 * Lambda, `import.meta.url` is its index.mjs) or the repository's shared/sample-data/ (running the
 * TypeScript source, this file is functions/platform/adapters/lookups/local.ts).
 */
export function sampleDataDirs(): string[] {
  return [
    fileURLToPath(new URL(`./${sampleDataBundleDir}/`, import.meta.url)),
    fileURLToPath(new URL(`../../../../${sampleDataSourceDir}/`, import.meta.url)),
  ];
}

/** Reads the sample data from the first of `dirs` that has every file (not cached). */
export async function readSampleData(dirs: string[] = sampleDataDirs()): Promise<SampleData> {
  const dir = dirs.find((d) => sampleDataFiles.every((f) => existsSync(path.join(d, f))));
  if (!dir)
    throw new Error(
      `The lookups sample data (${sampleDataFiles.join(', ')}) is in none of: ${dirs.join(', ')}`,
    );
  const [a, p, l] = await Promise.all(
    sampleDataFiles.map(async (f) => JSON.parse(await readFile(path.join(dir, f), 'utf8')) as unknown),
  );
  const addresses = a as Pick<SampleData, 'territorialAuthorities' | 'addresses'>;
  return {
    territorialAuthorities: addresses.territorialAuthorities,
    addresses: addresses.addresses,
    parcels: p as Record<string, Parcel[]>,
    practitioners: z.array(Practitioner).parse(l),
  };
}

let sample: Promise<SampleData> | undefined;

/** The sample data, read once, at first use (a live deployment never reads it). */
export function loadSampleData(): Promise<SampleData> {
  sample ??= readSampleData().catch((err: unknown) => {
    sample = undefined;
    throw err;
  });
  return sample;
}

const Faults = z.partialRecord(
  z.enum(['nzpost', 'property', 'lbp']),
  z.enum(['connect', 'timeout', 'status', 'invalid']),
);

/** Throws the configured fault for the service, if any (see the module comment). */
export function checkFault(service: LookupServiceName, file = process.env.LOOKUPS_FAULTS_FILE): void {
  if (!file || !existsSync(file)) return;
  let faults: z.infer<typeof Faults>;
  try {
    faults = Faults.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return; // A file being written, or not ours: no fault.
  }
  const failure: LookupFailure | undefined = faults[service];
  if (failure) throw new LookupServiceError(service, failure, `injected fault (${failure})`);
}

interface IndexedAddress {
  address: SampleAddress;
  tokens: string[];
  normalised: string;
}

/** Local NZ Post AddressChecker over the sample addresses. */
export function localAddressService(data: () => Promise<SampleData> = loadSampleData): AddressService {
  let index: IndexedAddress[] | undefined;
  const indexed = async () => {
    index ??= (await data()).addresses.map((address) => ({
      address,
      tokens: tokens(address.fullAddress),
      normalised: normalise(address.fullAddress),
    }));
    return index;
  };
  return {
    async suggest(q, max) {
      checkFault('nzpost');
      const query = tokens(q);
      const all = await indexed();
      const hits = all.flatMap((a) => {
        const at = matchTokens(query, a.tokens);
        // Positions count from the house number: 'Flat 2, ' in front does not push a street back.
        const offset = a.address.unit ? 2 : 0;
        return at ? [{ ...a, position: at.reduce((x, y) => x + y - offset, 0) }] : [];
      });
      return rankAddresses(query, hits)
        .slice(0, max)
        .map((a): AddressSuggestion => ({ dpid: a.address.dpid, fullAddress: a.address.fullAddress }));
    },
    async details(dpid) {
      checkFault('nzpost');
      const found = (await data()).addresses.find((a) => a.dpid === dpid.trim());
      return found ? [toLookupResult(found)] : [];
    },
  };
}

/**
 * Orders matches: the house number typed exactly first, then more query tokens matched exactly,
 * then matches nearer the start (the street before the suburb), then by street, suburb and city,
 * then house number and unit.
 */
function rankAddresses(query: string[], hits: (IndexedAddress & { position: number })[]): IndexedAddress[] {
  const numbers = query.filter((t) => /^\d/.test(t));
  const exactNumber = (a: SampleAddress) =>
    numbers.some((n) => n === a.number.toLowerCase() || n === a.unit) ? 0 : 1;
  return hits
    .map((h) => ({ h, exact: exactNumber(h.address), count: exactTokenCount(query, h.tokens) }))
    .sort(
      (x, y) =>
        x.exact - y.exact ||
        y.count - x.count ||
        x.h.position - y.h.position ||
        x.h.address.street.localeCompare(y.h.address.street) ||
        x.h.address.suburb.localeCompare(y.h.address.suburb) ||
        x.h.address.city.localeCompare(y.h.address.city) ||
        compareHouseNumbers(x.h.address.number, y.h.address.number) ||
        (x.h.address.unit ?? '').localeCompare(y.h.address.unit ?? ''),
    )
    .map((x) => x.h);
}

/** A sample address as the details call returns it (address1..3 as NZ Post's address lines). */
export function toLookupResult(a: SampleAddress): AddressLookupResult {
  const street = `${a.number} ${a.street}`;
  const lines = a.unit ? [`Flat ${a.unit}`, street] : [street];
  const locality = a.suburb === a.city ? [] : [a.suburb];
  const all = [...lines, ...locality, `${a.city} ${a.postcode}`];
  return AddressLookupResult.parse({
    dpid: a.dpid,
    address1: all[0],
    ...(all[1] !== undefined ? { address2: all[1] } : {}),
    ...(all[2] !== undefined ? { address3: all[2] } : {}),
    ...(all[3] !== undefined ? { address4: all[3] } : {}),
    suburb: a.suburb,
    city: a.city,
    postcode: a.postcode,
    country: 'NZ',
    isManualAddress: false,
    fullAddress: a.fullAddress,
    latitude: a.latitude,
    longitude: a.longitude,
    territorialAuthority: a.territorialAuthority,
  });
}

const authorityKey = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * True when `authority` (a portal authority id, name or abbreviation) is the territorial authority:
 * its name, an alias, or any text containing the council's place name ('auckland-council', 'WCC').
 */
export function authorityMatches(authority: string, ta: { name: string; aliases: string[] }): boolean {
  const given = authorityKey(authority);
  if (!given) return false;
  if (given === authorityKey(ta.name)) return true;
  if (ta.aliases.some((a) => authorityKey(a) === given)) return true;
  const place = authorityKey(ta.name.replace(/\b(city|district|regional)?\s*council\b/i, ''));
  return place.length > 0 && given.includes(place);
}

/** Local property lookup: the sample parcels of an address, when the authority is its council. */
export function localPropertyService(data: () => Promise<SampleData> = loadSampleData): PropertyService {
  return {
    async parcels(authority, address) {
      checkFault('property');
      const d = await data();
      const found = findAddress(d.addresses, address);
      if (!found) return [];
      const ta = d.territorialAuthorities.find((t) => t.name === found.territorialAuthority);
      if (!ta || !authorityMatches(authority, ta)) return [];
      return d.parcels[found.dpid] ?? [];
    },
  };
}

/** By DPID, else by the normalised full address, else by the street line and postcode or city. */
export function findAddress(all: SampleAddress[], address: ParcelAddress): SampleAddress | undefined {
  const dpid = address.dpid?.trim();
  if (dpid) {
    const byDpid = all.find((a) => a.dpid === dpid);
    if (byDpid) return byDpid;
  }
  if (address.fullAddress?.trim()) {
    const full = normalise(address.fullAddress);
    const byFull = all.find((a) => normalise(a.fullAddress) === full);
    if (byFull) return byFull;
  }
  const line = normalise([address.address1, address.address2].filter(Boolean).join(' '));
  if (!line) return undefined;
  const postcode = (address.postcode ?? address.zipCode)?.trim();
  const city = address.city ? normalise(address.city) : undefined;
  return all.find((a) => {
    const street = normalise(a.unit ? `Flat ${a.unit} ${a.number} ${a.street}` : `${a.number} ${a.street}`);
    if (!(line === street || line.startsWith(`${street} `))) return false;
    if (postcode) return postcode === a.postcode;
    return city !== undefined && city === normalise(a.city);
  });
}

interface IndexedPractitioner {
  p: Practitioner;
  tokens: string[];
}

/** Local LBP register over the sample practitioners. */
export function localLbpRegister(data: () => Promise<SampleData> = loadSampleData): LbpRegister {
  let index: IndexedPractitioner[] | undefined;
  const indexed = async () => {
    index ??= (await data()).practitioners.map((p) => ({ p, tokens: tokens(p.fullName) }));
    return index;
  };
  return {
    async search(searchText, limit) {
      checkFault('lbp');
      const all = await indexed();
      const text = searchText.trim();
      const number = /^(?:bp\s*(\d*)|(\d+))$/i.exec(text);
      if (number) {
        const digits = number[1] ?? number[2] ?? '';
        return all
          .filter((x) => x.p.lbpNumber.slice(2).startsWith(digits))
          .sort((a, b) => a.p.lbpNumber.localeCompare(b.p.lbpNumber))
          .slice(0, limit)
          .map((x) => x.p);
      }
      const query = tokens(text);
      return all
        .filter((x) => matchesAllTokens(query, x.tokens))
        .map((x) => ({ x, count: exactTokenCount(query, x.tokens) }))
        .sort(
          (a, b) =>
            b.count - a.count ||
            a.x.p.lastName.localeCompare(b.x.p.lastName) ||
            a.x.p.firstName.localeCompare(b.x.p.firstName) ||
            a.x.p.lbpNumber.localeCompare(b.x.p.lbpNumber),
        )
        .slice(0, limit)
        .map((y) => y.x.p);
    },
    async get(lbpNumber) {
      checkFault('lbp');
      const wanted = lbpNumber.trim().toUpperCase();
      return (await indexed()).find((x) => x.p.lbpNumber === wanted)?.p;
    },
  };
}

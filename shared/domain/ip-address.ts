/**
 * IP address classification for outbound calls to addresses a client chose (council webhooks:
 * SSRF, docs/lookups.md). Pure, no Node APIs, so it runs anywhere; pinned by a table of cases in
 * test/unit/shared/ip-address.test.ts.
 *
 * The rule is an allow-list: an address is public only when it is a global unicast address that the
 * IANA special-purpose registries do not mark as not globally reachable, documentation, benchmarking
 * or reserved, and that does not embed or tunnel to another address (IPv4-mapped, -compatible,
 * NAT64, 6to4, Teredo). Everything else, and anything that is not an address, is not public.
 * (npm `ipaddr.js` is here only as a development dependency, in an old version that knows neither
 * 64:ff9b:1::/48, fec0::/10 nor 198.18.0.0/15; node:net's BlockList needs Node, and this runs in
 * shared code.)
 */

/**
 * An IPv4 host as the WHATWG URL parser reads it (what browsers and Node's URL do): one to four
 * dot-separated numbers, each decimal, octal (a leading 0) or hexadecimal (0x), the last filling the
 * remaining bytes; so `2130706433`, `0x7f000001`, `0177.0.0.1` and `127.1` are all 127.0.0.1.
 * Answers the address as a 32-bit number, or undefined when `host` is no IPv4 address.
 */
export function parseIpv4(host: string): number | undefined {
  const parts = host.split('.');
  if (parts.length > 1 && parts.at(-1) === '') parts.pop(); // a trailing dot
  if (parts.length < 1 || parts.length > 4) return undefined;
  const numbers: number[] = [];
  for (const part of parts) {
    let n: number;
    if (/^0x[0-9a-f]*$/i.test(part)) n = part.length === 2 ? 0 : parseInt(part.slice(2), 16);
    else if (/^0[0-7]+$/.test(part)) n = parseInt(part.slice(1), 8);
    else if (/^(0|[1-9][0-9]*)$/.test(part)) n = Number(part);
    else return undefined;
    if (!Number.isSafeInteger(n)) return undefined;
    numbers.push(n);
  }
  const last = numbers.pop()!;
  if (numbers.some((n) => n > 255)) return undefined;
  if (last >= 256 ** (4 - numbers.length)) return undefined;
  return numbers.reduce((acc, n, i) => acc + n * 256 ** (3 - i), last);
}

/**
 * An IPv6 address (brackets and a zone id allowed; a dotted IPv4 tail too) as its eight 16-bit
 * groups, or undefined when it is not one.
 */
export function parseIpv6(address: string): number[] | undefined {
  let s = address.trim();
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  s = s.replace(/%.*$/, ''); // a zone id (fe80::1%eth0) names an interface, not another address
  if (!s.includes(':') || !/^[0-9a-f:.]+$/i.test(s)) return undefined;
  const halves = s.split('::');
  if (halves.length > 2) return undefined;
  const groupsOf = (text: string): number[] | undefined => {
    if (text === '') return [];
    const out: number[] = [];
    const pieces = text.split(':');
    for (let i = 0; i < pieces.length; i++) {
      const p = pieces[i]!;
      if (i === pieces.length - 1 && p.includes('.')) {
        // A dotted IPv4 tail: four decimal bytes only (no short or octal forms here).
        if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(p)) return undefined;
        const b = p.split('.').map(Number);
        if (b.some((x) => x > 255)) return undefined;
        out.push((b[0]! << 8) | b[1]!, (b[2]! << 8) | b[3]!);
      } else {
        if (!/^[0-9a-f]{1,4}$/i.test(p)) return undefined;
        out.push(parseInt(p, 16));
      }
    }
    return out;
  };
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if (!head || !tail) return undefined;
  if (halves.length === 1) return head.length === 8 ? head : undefined;
  const missing = 8 - head.length - tail.length;
  if (missing < 1) return undefined;
  return [...head, ...new Array<number>(missing).fill(0), ...tail];
}

type V4Range = readonly [base: string, bits: number];
/**
 * IPv4 ranges that are not public: this network, private, shared (CGNAT), loopback, link-local
 * (the instance metadata service), IETF protocol assignments, documentation, the old 6to4 relay
 * anycast, benchmarking, multicast, reserved and broadcast (IANA IPv4 special-purpose registry).
 */
export const NON_PUBLIC_IPV4: readonly V4Range[] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

const v4Ranges = NON_PUBLIC_IPV4.map(([base, bits]) => ({ base: parseIpv4(base)!, bits }));
const inV4 = (n: number, base: number, bits: number) =>
  bits === 0 || Math.floor(n / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits));

/** Whether a 32-bit IPv4 address is public. */
export function isPublicIpv4(n: number): boolean {
  return !v4Ranges.some((r) => inV4(n, r.base, r.bits));
}

/**
 * Inside global unicast (2000::/3), the ranges that are not public: IETF protocol assignments
 * (2001::/23, with Teredo 2001::/32, benchmarking 2001:2::/48 and ORCHID), documentation
 * (2001:db8::/32, 3fff::/20) and 6to4 (2002::/16, which tunnels to any IPv4 address). Everything
 * outside 2000::/3 is not public either: unspecified, loopback, IPv4-mapped (::ffff:0:0/96) and
 * -compatible (::/96), NAT64 (64:ff9b::/96, 64:ff9b:1::/48), discard (100::/64), unique local
 * (fc00::/7), site-local (fec0::/10), link-local (fe80::/10) and multicast (ff00::/8).
 */
export const NON_PUBLIC_IPV6_IN_GLOBAL: readonly (readonly [string, number])[] = [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
];

const inV6 = (groups: readonly number[], base: readonly number[], bits: number) => {
  for (let i = 0; i < 8 && bits > 0; i++, bits -= 16) {
    const take = Math.min(16, bits);
    const mask = (0xffff << (16 - take)) & 0xffff;
    if ((groups[i]! & mask) !== (base[i]! & mask)) return false;
  }
  return true;
};
const v6Ranges = NON_PUBLIC_IPV6_IN_GLOBAL.map(([base, bits]) => ({ base: parseIpv6(base)!, bits }));
const GLOBAL_UNICAST = parseIpv6('2000::')!;

/** Whether IPv6 groups are a public address: in 2000::/3 and none of the ranges above. */
export function isPublicIpv6(groups: readonly number[]): boolean {
  return inV6(groups, GLOBAL_UNICAST, 3) && !v6Ranges.some((r) => inV6(groups, r.base, r.bits));
}

/** What a host is: an IPv4 address (any WHATWG form), an IPv6 address, or a name. */
export function classifyHost(
  host: string,
): { kind: 'ipv4'; value: number } | { kind: 'ipv6'; groups: number[] } | { kind: 'name' } {
  const h = host.trim().toLowerCase();
  const v6 = parseIpv6(h);
  if (v6) return { kind: 'ipv6', groups: v6 };
  const v4 = parseIpv4(h);
  if (v4 !== undefined) return { kind: 'ipv4', value: v4 };
  return { kind: 'name' };
}

/** Whether `host` is an IP address in any form (so no name to resolve). */
export const isIpAddress = (host: string): boolean => classifyHost(host).kind !== 'name';

/**
 * Whether `address` is a public IP address: an address a client-chosen outbound call may reach.
 * False for every non-public address in any form, and for anything that is not an address.
 */
export function isPublicAddress(address: string): boolean {
  const c = classifyHost(address);
  if (c.kind === 'ipv4') return isPublicIpv4(c.value);
  if (c.kind === 'ipv6') return isPublicIpv6(c.groups);
  return false;
}

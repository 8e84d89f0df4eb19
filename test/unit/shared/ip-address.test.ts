/**
 * The address classifier of outbound calls to client-chosen endpoints (docs/lookups.md: council
 * webhooks, SSRF): every non-public form refused, public addresses allowed, in a table.
 */
import { describe, expect, test } from 'vitest';
import { classifyHost, isPublicAddress, parseIpv4, parseIpv6 } from '../../../shared/domain/ip-address';

describe('IPv4 hosts in every WHATWG form', () => {
  test.each([
    ['127.0.0.1', 0x7f000001],
    ['2130706433', 0x7f000001],
    ['0x7f000001', 0x7f000001],
    ['0X7F000001', 0x7f000001],
    ['0177.0.0.1', 0x7f000001],
    ['0177.0.0.01', 0x7f000001],
    ['127.1', 0x7f000001],
    ['127.0.1', 0x7f000001],
    ['0x7f.1', 0x7f000001],
    ['127.0.0.1.', 0x7f000001],
    ['0', 0],
    ['0x', 0],
    ['169.254.43518', 0xa9fea9fe],
    ['255.255.255.255', 0xffffffff],
  ])('%s is %i', (host, n) => {
    expect(parseIpv4(host)).toBe(n);
  });

  test.each(['256.0.0.1', '1.2.3.4.5', '4294967296', '08', '1.2.3.0x1g', 'example.com', '', '1..2'])(
    '%s is no IPv4 address',
    (host) => {
      expect(parseIpv4(host)).toBeUndefined();
    },
  );
});

describe('IPv6 addresses', () => {
  test.each([
    ['::1', [0, 0, 0, 0, 0, 0, 0, 1]],
    ['[::1]', [0, 0, 0, 0, 0, 0, 0, 1]],
    ['::ffff:127.0.0.1', [0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]],
    ['::ffff:7f00:1', [0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]],
    ['64:ff9b::a9fe:a9fe', [0x64, 0xff9b, 0, 0, 0, 0, 0xa9fe, 0xa9fe]],
    ['2001:db8:0:0:0:0:0:1', [0x2001, 0xdb8, 0, 0, 0, 0, 0, 1]],
    ['fe80::1%eth0', [0xfe80, 0, 0, 0, 0, 0, 0, 1]],
  ])('%s', (text, groups) => {
    expect(parseIpv6(text)).toEqual(groups);
  });

  test.each(['1:2:3:4:5:6:7:8:9', '1::2::3', ':::', '12345::', '::1.2.3', '::256.0.0.1', 'g::1', '1:2'])(
    '%s is no IPv6 address',
    (text) => {
      expect(parseIpv6(text)).toBeUndefined();
    },
  );
});

describe('isPublicAddress', () => {
  const nonPublic = [
    // IPv4 loopback, in every form a URL host or a careless parser may hold
    '127.0.0.1',
    '127.255.255.254',
    '2130706433',
    '0x7f000001',
    '0177.0.0.1',
    '127.1',
    // this network, private, shared (CGNAT), link-local / metadata, IETF, documentation, benchmarking
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.1',
    '10.255.255.255',
    '100.64.0.1',
    '100.127.255.255',
    '169.254.169.254',
    '169.254.170.2',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.1',
    '192.0.0.170',
    '192.0.2.10',
    '192.88.99.1',
    '192.168.0.1',
    '198.18.0.1',
    '198.19.255.255',
    '198.51.100.7',
    '203.0.113.9',
    // multicast, reserved, broadcast
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    // IPv6: unspecified, loopback, IPv4-compatible and -mapped (of loopback and of public addresses)
    '::',
    '::1',
    '[::1]',
    '::7f00:1',
    '::127.0.0.1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '::ffff:8.8.8.8',
    '0:0:0:0:0:ffff:7f00:1',
    // NAT64, discard, 6to4, Teredo, benchmarking, ORCHID, documentation
    '64:ff9b::7f00:1',
    '64:ff9b::808:808',
    '64:ff9b:1::1',
    '100::1',
    '2002:7f00:1::',
    '2002:808:808::1',
    '2001::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2001:2::1',
    '2001:10::1',
    '2001:20::1',
    '2001:db8::1',
    '3fff::1',
    // unique local, site-local, link-local, multicast
    'fc00::1',
    'fd12:3456:789a::1',
    'fec0::1',
    'feff::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    'ff0e::1',
    // not addresses at all
    'localhost',
    'example.com',
    '',
    '256.1.1.1',
  ];
  test.each(nonPublic)('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  const publicAddresses = [
    '8.8.8.8',
    '1.1.1.1',
    '52.95.110.1',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '198.17.255.255',
    '198.20.0.1',
    '223.255.255.255',
    '2001:4860:4860::8888',
    '2606:4700:4700::1111',
    '2404:6800:4006:80a::200e',
    '2400:cb00::1',
    '3ffe::1',
  ];
  test.each(publicAddresses)('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  test('hosts are names unless they parse as an address', () => {
    expect(classifyHost('bcs.wcc.govt.nz')).toEqual({ kind: 'name' });
    expect(classifyHost('2130706433').kind).toBe('ipv4');
    expect(classifyHost('[::1]').kind).toBe('ipv6');
  });
});

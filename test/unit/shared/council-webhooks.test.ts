import { describe, expect, test } from 'vitest';
import {
  activeWebhookSecrets,
  isNonPublicAddress,
  webhookUrlMessages,
  webhookUrlProblem,
} from '../../../shared/domain/council';

const aws = { allowLoopback: false };
const local = { allowLoopback: true };

describe('webhook URL rules (SSRF)', () => {
  test('public https endpoints are accepted on AWS', () => {
    expect(webhookUrlProblem('https://bcs.wcc.govt.nz/hooks/portal', aws)).toBeUndefined();
    expect(webhookUrlProblem('https://bcs.wcc.govt.nz:443/hooks', aws)).toBeUndefined();
    expect(webhookUrlProblem('https://52.95.110.1/x', aws)).toBeUndefined();
    expect(webhookUrlProblem('https://[2606:4700:4700::1111]/x', aws)).toBeUndefined();
  });

  test('on AWS only port 443 (docs/council-api.md)', () => {
    for (const url of [
      'https://bcs.wcc.govt.nz:8443/hooks',
      'https://52.95.110.1:8080/x',
      'https://bcs.wcc.govt.nz:80/',
      'https://bcs.wcc.govt.nz:22/',
    ])
      expect(webhookUrlProblem(url, aws), url).toBe('The webhook URL must use the https port, 443');
  });

  test('every non-public address form is refused: mapped and compatible IPv6, NAT64, 6to4, Teredo, site-local, numeric IPv4 hosts (docs/council-api.md)', () => {
    for (const url of [
      'https://[::7f00:1]/',
      'https://[::127.0.0.1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:7f00:1]/',
      'https://[::ffff:a9fe:a9fe]/latest/meta-data',
      'https://[64:ff9b::7f00:1]/',
      'https://[64:ff9b::a9fe:a9fe]/',
      'https://[64:ff9b:1::1]/',
      'https://[2002:7f00:1::]/',
      'https://[2002:a9fe:a9fe::]/',
      'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
      'https://[fec0::1]/',
      'https://[2001:db8::1]/',
      'https://2130706433/',
      'https://0x7f000001/',
      'https://0177.0.0.1/',
      'https://127.1/',
      'https://0x7f.1/',
      'https://2852039166/',
      'https://192.0.0.170/',
      'https://198.18.0.1/',
      'https://203.0.113.9/',
      'https://240.0.0.1/',
      'https://localhost./',
    ])
      expect(webhookUrlProblem(url, aws), url).toBe(webhookUrlMessages.privateHost);
  });

  test('http, credentials, loopback, private and link-local hosts are refused on AWS', () => {
    expect(webhookUrlProblem('http://bcs.wcc.govt.nz/hooks', aws)).toBe(webhookUrlMessages.https);
    expect(webhookUrlProblem('ftp://bcs.wcc.govt.nz/hooks', aws)).toBe(webhookUrlMessages.https);
    expect(webhookUrlProblem('https://u:p@bcs.wcc.govt.nz/', aws)).toBe(webhookUrlMessages.credentials);
    for (const url of [
      'https://127.0.0.1/',
      'http://127.0.0.1:9000/',
      'https://localhost/',
      'https://api.localhost/',
      'https://10.1.2.3/',
      'https://172.20.0.1/',
      'https://192.168.1.1/',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/',
      'https://0.0.0.0/',
      'https://[::1]/',
      'https://[fe80::1]/',
      'https://[fd00::1]/',
      'https://[::ffff:10.0.0.1]/',
    ])
      expect(webhookUrlProblem(url, aws), url).toBe(
        url.startsWith('http://') ? webhookUrlMessages.https : webhookUrlMessages.privateHost,
      );
  });

  test('the local stack also takes http(s)://127.0.0.1, but no other private host', () => {
    expect(webhookUrlProblem('http://127.0.0.1:4890/webhook', local)).toBeUndefined();
    expect(webhookUrlProblem('https://127.0.0.1:4890/webhook', local)).toBeUndefined();
    expect(webhookUrlProblem('http://localhost:4890/webhook', local)).toBe(webhookUrlMessages.https);
    expect(webhookUrlProblem('https://10.0.0.1/', local)).toBe(webhookUrlMessages.privateHost);
    expect(webhookUrlProblem('http://[::ffff:127.0.0.1]:4890/', local)).toBe(webhookUrlMessages.https);
    expect(webhookUrlProblem('https://[::ffff:127.0.0.1]:4890/', local)).toBe(webhookUrlMessages.privateHost);
  });

  test('non-public addresses as DNS answers them', () => {
    expect(isNonPublicAddress('8.8.8.8')).toBe(false);
    expect(isNonPublicAddress('::ffff:7f00:1')).toBe(true);
    expect(isNonPublicAddress('64:ff9b::a9fe:a9fe')).toBe(true);
    expect(isNonPublicAddress('2002:a9fe:a9fe::')).toBe(true);
    expect(isNonPublicAddress('fec0::1')).toBe(true);
    // A name is no address: it is resolved, and what it resolves to is checked.
    expect(isNonPublicAddress('bcs.wcc.govt.nz')).toBe(false);
    expect(isNonPublicAddress('2001:4860:4860::8888')).toBe(false);
    expect(isNonPublicAddress('172.32.0.1')).toBe(false);
    expect(isNonPublicAddress('172.31.255.255')).toBe(true);
    expect(isNonPublicAddress('224.0.0.1')).toBe(true);
    expect(isNonPublicAddress('::')).toBe(true);
  });
});

describe('signing secrets during a rotation', () => {
  test('a rotated secret signs until its expiry, then drops out', () => {
    const secrets = [
      { secret: 'new', createdAt: '2026-11-26T10:00:00Z' },
      { secret: 'old', createdAt: '2026-11-01T10:00:00Z', expiresAt: '2026-11-27T10:00:00Z' },
    ];
    expect(activeWebhookSecrets(secrets, new Date('2026-11-27T09:59:59Z')).map((s) => s.secret)).toEqual([
      'new',
      'old',
    ]);
    expect(activeWebhookSecrets(secrets, new Date('2026-11-27T10:00:00Z')).map((s) => s.secret)).toEqual([
      'new',
    ]);
  });
});

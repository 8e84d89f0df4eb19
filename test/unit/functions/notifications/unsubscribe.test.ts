/** Unsubscribe links (docs/notifications.md "Unsubscribe"): a stored hash, an expiry, the preference off. */
import { describe, expect, it } from 'vitest';
import {
  maskEmail,
  unsubscribeService,
  unsubscribeTokenHash,
  type UnsubscribePorts,
} from '../../../../functions/notifications/service/unsubscribe';
import { unsubscribeMessages } from '../../../../shared/domain/notifications';

function world(start = new Date('2026-11-27T00:00:00Z')) {
  let now = start;
  const tokens = new Map<string, { userId: string; expiresAt: string; ttl: number }>();
  const emailOn = new Map([['u1', true]]);
  const ports: UnsubscribePorts = {
    now: () => now,
    saveToken: async ({ tokenHash, ...rest }) => void tokens.set(tokenHash, rest),
    tokenByHash: async (h) => tokens.get(h),
    stopEmails: async (userId) => {
      if (!emailOn.has(userId)) return undefined;
      emailOn.set(userId, false);
      return { email: 'mere.tane@example.nz' };
    },
    webUrl: async () => 'https://portal.test',
  };
  return { ports, tokens, emailOn, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

/** The token of a link: in its fragment (`#token=`). */
const tokenOf = (link: string) => new URLSearchParams(new URL(link).hash.slice(1)).get('token')!;

describe('unsubscribe links', () => {
  it('a link holds a random token, in its fragment (never a path or query: servers log those); only its hash is stored, for 60 days', async () => {
    const w = world();
    const link = await unsubscribeService(w.ports).link('u1');
    const token = /^https:\/\/portal\.test\/unsubscribe#token=([A-Za-z0-9_-]{43})$/.exec(link)?.[1];
    expect(token).toBeDefined();
    expect([...w.tokens.keys()]).toEqual([unsubscribeTokenHash(token!)]);
    expect(JSON.stringify([...w.tokens])).not.toContain(token);
    expect(w.tokens.get(unsubscribeTokenHash(token!))).toMatchObject({
      userId: 'u1',
      expiresAt: '2027-01-26T00:00:00.000Z',
    });
    expect(await unsubscribeService(w.ports).link('u1')).not.toBe(link);
  });

  it('the unsubscribe call needs no web URL; making a link without one is refused rather than relative', async () => {
    const w = world();
    const { webUrl: _unused, ...withoutUrl } = w.ports;
    const token = tokenOf(await unsubscribeService(w.ports).link('u1'));
    const svc = unsubscribeService(withoutUrl);
    expect(await svc.unsubscribe(token)).toEqual({ email: 'm…@example.nz', emailPreference: false });
    await expect(svc.link('u1')).rejects.toThrow('unsubscribe links need the web URL');
  });

  it('following it turns the emails off, masked; again is the same; expired or unknown is 404', async () => {
    const w = world();
    const svc = unsubscribeService(w.ports);
    const token = tokenOf(await svc.link('u1'));
    for (let i = 0; i < 2; i++)
      expect(await svc.unsubscribe(token)).toEqual({ email: 'm…@example.nz', emailPreference: false });
    expect(w.emailOn.get('u1')).toBe(false);
    await expect(svc.unsubscribe('nope'.repeat(11))).rejects.toMatchObject({
      name: 'NotFound',
      description: unsubscribeMessages.linkInvalid,
    });
    w.advance(60 * 86_400_000);
    await expect(svc.unsubscribe(token)).rejects.toMatchObject({ name: 'NotFound' });
    const gone = tokenOf(await svc.link('u2'));
    await expect(svc.unsubscribe(gone)).rejects.toMatchObject({ name: 'NotFound' });
    expect(maskEmail('x')).toBe('…');
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import {
  captchaSettings,
  DEFAULT_CAPTCHA_COST,
  DEFAULT_CAPTCHA_COUNTER_MAX,
  createCaptchaChallenge,
  resetCaptchaSecret,
  verifyCaptchaToken,
} from '../../../../../functions/platform/adapters/captcha.js';

const sm = mockClient(SecretsManagerClient);
beforeEach(() => {
  sm.reset();
  resetCaptchaSecret();
  process.env.CAPTCHA_HMAC_SECRET = 'secret-a';
  delete process.env.CAPTCHA_HMAC_SECRET_ARN;
});

/** The default's attempts at a cheap cost per attempt: these tests are about the protocol, not the work. */
const cheap = { ...captchaSettings, cost: 50 };

async function token(nowMs?: number) {
  const challenge = await createCaptchaChallenge(nowMs, cheap);
  const solution = await solveChallenge({ challenge, deriveKey });
  return { challenge, token: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64') };
}

describe('captcha adapter', () => {
  it('a solved challenge verifies, with its signature and expiry for the replay guard', async () => {
    const { challenge, token: t } = await token();
    expect(await verifyCaptchaToken(t)).toEqual({
      ok: true,
      signature: challenge.signature,
      expiresAt: challenge.parameters.expiresAt,
    });
  });

  it('the work factor is a setting: defaults that cost a bot real time, overridden by CAPTCHA_COST / CAPTCHA_COUNTER_MAX', async () => {
    expect(captchaSettings).toMatchObject({
      cost: DEFAULT_CAPTCHA_COST,
      counterMax: DEFAULT_CAPTCHA_COUNTER_MAX,
      counterMin: DEFAULT_CAPTCHA_COUNTER_MAX / 8,
    });
    // 7.2 M PBKDF2 iterations on average (about 2 s in Chromium on this machine: test/bench/captcha.ts).
    expect(DEFAULT_CAPTCHA_COST * ((DEFAULT_CAPTCHA_COUNTER_MAX * 9) / 16)).toBeGreaterThanOrEqual(5e6);
    vi.resetModules();
    process.env.CAPTCHA_COST = '300';
    process.env.CAPTCHA_COUNTER_MAX = '80';
    try {
      const m = await import('../../../../../functions/platform/adapters/captcha.js');
      expect(m.captchaSettings).toMatchObject({ cost: 300, counterMin: 10, counterMax: 80 });
      const challenge = await m.createCaptchaChallenge();
      expect(challenge.parameters).toMatchObject({ cost: 300 });
      process.env.CAPTCHA_COST = 'lots';
      vi.resetModules();
      await expect(import('../../../../../functions/platform/adapters/captcha.js')).rejects.toThrow(
        /CAPTCHA_COST must be a positive integer/,
      );
    } finally {
      delete process.env.CAPTCHA_COST;
      delete process.env.CAPTCHA_COUNTER_MAX;
      vi.resetModules();
    }
  });

  it('the counter stays within the configured range', async () => {
    for (let i = 0; i < 3; i++) {
      const challenge = await createCaptchaChallenge(undefined, cheap);
      const solution = await solveChallenge({ challenge, deriveKey });
      expect(solution!.counter).toBeGreaterThanOrEqual(captchaSettings.counterMin);
      expect(solution!.counter).toBeLessThanOrEqual(captchaSettings.counterMax);
    }
  });

  it('another secret, an expired challenge and garbage are refused with a reason', async () => {
    const { token: t } = await token();
    resetCaptchaSecret();
    process.env.CAPTCHA_HMAC_SECRET = 'secret-b';
    expect(await verifyCaptchaToken(t)).toEqual({ ok: false, reason: 'invalidSignature' });

    const old = await token(Date.now() - (captchaSettings.ttlSeconds + 1) * 1000);
    expect(await verifyCaptchaToken(old.token)).toEqual({ ok: false, reason: 'expired' });
    expect(await verifyCaptchaToken('')).toEqual({ ok: false, reason: 'malformed' });
    expect(await verifyCaptchaToken(Buffer.from('[]').toString('base64'))).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });

  it('in AWS reads the secret from Secrets Manager once per cold start', async () => {
    delete process.env.CAPTCHA_HMAC_SECRET;
    process.env.CAPTCHA_HMAC_SECRET_ARN = 'arn:aws:secretsmanager:ap-southeast-2:1:secret:captcha';
    sm.on(GetSecretValueCommand).resolves({ SecretString: 'from-secrets-manager' });
    const { token: t } = await token();
    expect((await verifyCaptchaToken(t)).ok).toBe(true);
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    expect(sm.commandCalls(GetSecretValueCommand)[0]!.args[0].input).toEqual({
      SecretId: 'arn:aws:secretsmanager:ap-southeast-2:1:secret:captcha',
    });
  });

  it('without a secret configured it fails loudly', async () => {
    delete process.env.CAPTCHA_HMAC_SECRET;
    await expect(createCaptchaChallenge()).rejects.toThrow(/CAPTCHA_HMAC_SECRET/);
  });
});

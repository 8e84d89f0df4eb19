import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import {
  captchaSettings,
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

async function token(nowMs?: number) {
  const challenge = await createCaptchaChallenge(nowMs);
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

  it('is cheap enough for a 2-core machine: the counter stays within the configured range', async () => {
    for (let i = 0; i < 3; i++) {
      const challenge = await createCaptchaChallenge();
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

import { verifyCaptchaToken } from '../platform/adapters/captcha.js';
import { logger } from '../platform/logger.js';
import { claimCaptchaSolution } from './repository/captcha.js';
import { getUser } from './repository/users.js';
import { verifyAndClaimCaptcha } from './service/registration.js';
import type { UserRecord } from './repository/users.js';

/** A user's stored profile (other features read people through here, not through the repository). */
export async function getUserProfile(userId: string): Promise<UserRecord | undefined> {
  return getUser(userId);
}

/**
 * Verifies a captcha payload and records it once, as registration does (a replay fails): 400 on
 * `body.captchaToken` otherwise. The organisation invite uses it.
 */
export const requireCaptcha = (token: string): Promise<void> =>
  verifyAndClaimCaptcha(
    { captcha: { verify: verifyCaptchaToken, claim: claimCaptchaSolution }, log: logger },
    token,
  );

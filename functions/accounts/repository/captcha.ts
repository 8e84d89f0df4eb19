import { entities } from '../../platform/data/service.js';
import { isConditionalCheckFailed } from '../../platform/data/conditional.js';

/** Seconds an accepted solution is kept after its challenge expired (DynamoDB TTL is lazy anyway). */
const KEEP_AFTER_EXPIRY_SECONDS = 3600;

/**
 * Records a verified captcha solution by its challenge signature. Returns false when it was already
 * recorded (a replay). Conditional put: two concurrent uses of one solution cannot both succeed.
 */
export async function claimCaptchaSolution(signature: string, expiresAt: number): Promise<boolean> {
  try {
    await entities.captchaUse
      .create({ signature, expiresAt, ttl: expiresAt + KEEP_AFTER_EXPIRY_SECONDS })
      .go({ response: 'none' });
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}

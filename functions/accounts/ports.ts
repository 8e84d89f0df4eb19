import { createCaptchaChallenge, verifyCaptchaToken } from '../platform/adapters/captcha.js';
import { tableRateCounter } from '../platform/data/rate-counter.js';
import { logger } from '../platform/logger.js';
import { rateLimiter, rateLimitsFrom } from '../platform/rate-limit.js';
import { independentAuthoritiesOf } from '../reference/index.js';
import { claimCaptchaSolution } from './repository/captcha.js';
import { isConfirmationCode, rememberConfirmation } from './repository/confirmations.js';
import { acceptInvitationAsNewUser, invitationByTokenHash } from './repository/invitations.js';
import { userPool } from './repository/user-pool.js';
import { getUser, updateUserProfile } from './repository/users.js';
import { profileService } from './service/profile.js';
import { registrationService } from './service/registration.js';

/** The registration service on the captcha, the user pool, the table and the rate limits. */
export const registrationOnAws = () =>
  registrationService({
    captcha: {
      challenge: () => createCaptchaChallenge(),
      verify: verifyCaptchaToken,
      claim: claimCaptchaSolution,
    },
    userPool,
    invitations: { byTokenHash: invitationByTokenHash, acceptAsNewUser: acceptInvitationAsNewUser },
    limits: rateLimiter({ counter: tableRateCounter, limits: rateLimitsFrom(process.env.RATE_LIMITS) }),
    confirmations: { remember: rememberConfirmation, matches: isConfirmationCode },
    now: () => new Date(),
    log: logger,
  });

/** The signed-in user's profile service on the table, the reference data and the user pool. */
export const profileOnAws = () =>
  profileService({
    users: { get: getUser, updateProfile: updateUserProfile },
    independentAuthoritiesOf,
    userPool,
  });

import type * as z from 'zod';
import type {
  ConfirmRegistrationRequest,
  InvitedRegistrationRequest,
  RegistrationRequest,
  ResendRegistrationRequest,
} from '../../../shared/schemas/accounts.js';
import { errorMessages } from '../../../shared/schemas/errors.js';
import { messages } from '../../../shared/domain/validation.js';
import type { CaptchaCheck, createCaptchaChallenge } from '../../platform/adapters/captcha.js';
import { Invalid, NotFound, Rejected, ServerError } from '../../platform/errors.js';
import type { logger } from '../../platform/logger.js';
import type { RateLimiter } from '../../platform/rate-limit.js';
import { linkSecretHash } from '../../platform/link-secrets.js';
import { cognitoClientError, cognitoErrorName, cognitoMessage } from '../cognito.js';
import type { AcceptOutcome, InvitedUser, OrganisationInvitationRecord } from '../repository/invitations.js';
import type { UserPool } from '../repository/user-pool.js';

/** The logger's calls the services make. */
export type Log = Pick<typeof logger, 'info' | 'error'>;

/** What registration needs: the captcha, the user pool, the organisation invitations, a clock, a log. */
export interface RegistrationPorts {
  captcha: {
    /** A fresh signed proof-of-work challenge. */
    challenge(): ReturnType<typeof createCaptchaChallenge>;
    /** Verifies a solved challenge (signature, expiry, solution); does not record it. */
    verify(token: string): Promise<CaptchaCheck>;
    /** Records a verified solution once; false when it was already recorded (a replay). */
    claim(signature: string, expiresAt: number): Promise<boolean>;
  };
  userPool: Pick<
    UserPool,
    | 'signUp'
    | 'confirmSignUp'
    | 'resendConfirmationCode'
    | 'userStatus'
    | 'createVerifiedUser'
    | 'setPermanentPassword'
    | 'deleteUser'
  >;
  invitations: {
    /** The invitation whose newest registration link has this hash (repository/invitations.ts). */
    byTokenHash(tokenHash: string): Promise<OrganisationInvitationRecord | undefined>;
    /**
     * In one transaction: the user record, the membership, the invitation marked Accepted on
     * condition that it is still open at `now` and names `tokenHash`, and UserRegistered; also on
     * condition that the user record does not exist yet.
     */
    acceptAsNewUser(
      invitation: OrganisationInvitationRecord,
      tokenHash: string,
      user: InvitedUser,
      now: Date,
    ): Promise<AcceptOutcome>;
  };
  /** The named rate limits (functions/platform/rate-limit.ts). */
  limits: RateLimiter;
  /** The code that confirmed an address, remembered for a day (a second click on the link). */
  confirmations: {
    remember(email: string, code: string): Promise<void>;
    matches(email: string, code: string): Promise<boolean>;
  };
  now(): Date;
  log: Log;
}

/** 400 for a missing, forged, expired or replayed captcha. */
export const captchaFailed = (): Invalid =>
  new Invalid([{ field: 'body.captchaToken', reason: messages.captcha }], messages.captcha);

/**
 * Verifies a captcha payload, then records it once (a replayed solution fails): 400 on the
 * captchaToken field otherwise. Registration and the organisation invite use it.
 */
export async function verifyAndClaimCaptcha(
  ports: { captcha: Pick<RegistrationPorts['captcha'], 'verify' | 'claim'>; log: Pick<Log, 'info'> },
  token: string,
): Promise<void> {
  const check = await ports.captcha.verify(token);
  if (!check.ok) {
    ports.log.info('captcha rejected', { reason: check.reason });
    throw captchaFailed();
  }
  if (!(await ports.captcha.claim(check.signature, check.expiresAt))) {
    ports.log.info('captcha rejected', { reason: 'replayed' });
    throw captchaFailed();
  }
}

/**
 * The one answer to a confirmation that does not confirm: a wrong or expired code, an unknown
 * address, or a confirmed account with any code but the one that confirmed it. The same status
 * and body in every case, so the answer says nothing of whether the account exists.
 */
export const confirmationFailed = (): Invalid =>
  new Invalid([{ field: 'body.code', reason: 'Invalid verification code' }], 'Invalid verification code');

/** Cognito's answers to a code that does not confirm (with PreventUserExistenceErrors or not). */
const CONFIRM_FAILURES = new Set([
  'CodeMismatchException',
  'ExpiredCodeException',
  'UserNotFoundException',
  'NotAuthorizedException',
]);

/** 400 USER.EXISTS.COGNITO.400: an account already exists with this email. */
export const userExists = (): Rejected =>
  new Rejected(errorMessages['USER.EXISTS.COGNITO.400'], 'USER.EXISTS.COGNITO.400');

/** 400 for a password Cognito refuses: the shared password message on the field, Cognito's words as description. */
export const invalidPassword = (field: string, err: unknown): Invalid =>
  new Invalid(
    [{ field, reason: messages.password }],
    messages.password,
    cognitoMessage(err, messages.password),
  );

/** Pending and not yet expired: the only state in which an invitation can be used to register. */
export function isInvitationOpen(
  inv: Pick<OrganisationInvitationRecord, 'status' | 'expiryDate'>,
  now: Date = new Date(),
): boolean {
  return inv.status === 'Pending' && Date.parse(inv.expiryDate) > now.getTime();
}

/**
 * Registration (docs/accounts.md registration and password flows):
 * sign-up behind a captcha, confirmation, resend, and registration through an organisation invitation.
 */
export function registrationService(ports: RegistrationPorts) {
  const { log, userPool } = ports;

  const requireCaptcha = (token: string) => verifyAndClaimCaptcha(ports, token);

  /**
   * The invitation a registration link's secret opens, or 404 (the web shows "Invitation code is not
   * valid"): found by the secret's hash only (the invitation's id, which its inviter reads back, opens
   * nothing), Pending and unexpired. Unknown, replaced, used, closed and expired links get the same answer.
   */
  async function openInvitation(
    code: string,
  ): Promise<{ invitation: OrganisationInvitationRecord; tokenHash: string }> {
    const tokenHash = linkSecretHash(code);
    const invitation = await ports.invitations.byTokenHash(tokenHash);
    if (!invitation || !isInvitationOpen(invitation, ports.now())) throw new NotFound('Invitation not found');
    return { invitation, tokenHash };
  }

  /** A signed proof-of-work challenge for the registration form's captcha. */
  async function captchaChallenge() {
    return ports.captcha.challenge();
  }

  /**
   * Registers an account (the pool mails the verification code and link); its Cognito username.
   * The captcha comes first (a bot pays its work before it can spend an address's budget), then
   * the limits per address and per client. An existing address keeps the spec's own answer
   * (USER.EXISTS.COGNITO.400, docs/accounts.md): finding it out costs a solved captcha per try.
   */
  async function register(
    body: z.output<typeof RegistrationRequest>,
    client: string,
  ): Promise<{ username: string }> {
    await requireCaptcha(body.captchaToken);
    await ports.limits.check(['registrationPerClient', client], ['registrationPerAddress', body.email]);
    try {
      const { userSub } = await userPool.signUp({
        email: body.email,
        password: body.password,
        firstName: body.firstName,
        lastName: body.lastName,
        returnTo: body.returnTo,
      });
      if (!userSub) throw new Error('SignUp returned no UserSub');
      log.info('registered', { userSub });
      return { username: userSub };
    } catch (err) {
      const name = cognitoErrorName(err);
      if (name === 'UsernameExistsException') throw userExists();
      if (name === 'InvalidPasswordException') throw invalidPassword('body.password', err);
      throw cognitoClientError(err);
    }
  }

  /**
   * Confirms an account with the mailed code. A second click on the mail's link (the code that
   * confirmed it, remembered for a day) succeeds; anything else that does not confirm — a wrong or
   * expired code, an unknown address, another code on a confirmed account — is the one
   * {@link confirmationFailed} answer. Limited per address (code guessing) and per client.
   */
  async function confirmRegistration(
    body: z.output<typeof ConfirmRegistrationRequest>,
    client: string,
  ): Promise<void> {
    await ports.limits.check(['confirmPerClient', client], ['confirmPerAddress', body.email]);
    try {
      await userPool.confirmSignUp(body.email, body.code);
    } catch (err) {
      const name = cognitoErrorName(err);
      if (name === 'UserLambdaValidationException') {
        // The user is confirmed but the user record could not be written.
        throw new ServerError({ cause: err });
      }
      if (name && CONFIRM_FAILURES.has(name)) {
        // Confirming twice: Cognito says NotAuthorized ("Current status is CONFIRMED"),
        // cognito-local ExpiredCode; only the code that confirmed it makes that a success.
        if (
          (name === 'NotAuthorizedException' || name === 'ExpiredCodeException') &&
          (await ports.confirmations.matches(body.email, body.code)) &&
          (await userPool.userStatus(body.email)) === 'CONFIRMED'
        ) {
          return;
        }
        log.info('confirmation refused', { reason: name });
        throw confirmationFailed();
      }
      throw cognitoClientError(err);
    }
    await ports.confirmations.remember(body.email, body.code);
  }

  /**
   * Sends the verification mail again when the address has an unconfirmed account. The answer is
   * the same (204) whether the account is unknown, unconfirmed or already confirmed: the web says
   * "A verification email will be sent to this email address." (docs/accounts.md), which is
   * true of every address that can still be confirmed. Limited per address and per client.
   */
  async function resendConfirmation(
    body: z.output<typeof ResendRegistrationRequest>,
    client: string,
  ): Promise<void> {
    await ports.limits.check(['resendPerClient', client], ['resendPerAddress', body.email]);
    const status = await userPool.userStatus(body.email);
    if (status !== 'UNCONFIRMED') {
      log.info('resend: nothing to send', { status: status ?? 'unknown' });
      return;
    }
    try {
      await userPool.resendConfirmationCode(body.email, body.returnTo);
    } catch (err) {
      throw cognitoClientError(err);
    }
  }

  /** The e-mail of the open organisation invitation of a registration link's secret. */
  async function invitationEmail(code: string): Promise<{ email: string }> {
    const { invitation } = await openInvitation(code);
    return { email: invitation.email };
  }

  /** Removes a user created for an invited registration that did not complete (logged if that fails). */
  async function undoCreatedUser(username: string): Promise<void> {
    try {
      await userPool.deleteUser(username);
    } catch (cleanupErr) {
      log.error('invited registration: could not remove the Cognito user', {
        username,
        error: cleanupErr as Error,
      });
    }
  }

  /**
   * Registers through an organisation invitation's link. The address is proven by the link's secret,
   * which only the invitation mail carried (never the inviter: docs/organisations.md "The
   * registration link"), so the user is created verified and confirmed (no code, no mail) with the
   * chosen password as a permanent one, then joins the organisation in one transaction that uses
   * the link up (on condition that the invitation still names it) and writes UserRegistered; any
   * failure after the user's creation removes it.
   */
  async function registerInvited(
    body: z.output<typeof InvitedRegistrationRequest>,
  ): Promise<{ username: string }> {
    const { invitation, tokenHash } = await openInvitation(body.invitationCode);
    const email = invitation.email;
    let created;
    try {
      created = await userPool.createVerifiedUser({
        email,
        firstName: invitation.firstName,
        lastName: invitation.lastName,
      });
    } catch (err) {
      if (cognitoErrorName(err) === 'UsernameExistsException') throw userExists();
      throw cognitoClientError(err);
    }
    const { username, sub } = created;
    if (!username || !sub) throw new Error('AdminCreateUser returned no username or sub');
    try {
      await userPool.setPermanentPassword(username, body.password);
    } catch (err) {
      await undoCreatedUser(username);
      if (cognitoErrorName(err) === 'InvalidPasswordException') throw invalidPassword('body.password', err);
      throw cognitoClientError(err);
    }
    let outcome;
    try {
      outcome = await ports.invitations.acceptAsNewUser(
        invitation,
        tokenHash,
        { userId: sub, username: sub, email },
        ports.now(),
      );
    } catch (err) {
      await undoCreatedUser(username);
      throw err;
    }
    if (outcome !== 'accepted') {
      await undoCreatedUser(username);
      if (outcome === 'invitationClosed') throw new NotFound('Invitation not found');
      throw new ServerError();
    }
    log.info('registered through invitation', {
      userSub: sub,
      invitationId: invitation.invitationId,
      organisationId: invitation.organisationId,
    });
    return { username: sub };
  }

  return {
    captchaChallenge,
    register,
    confirmRegistration,
    resendConfirmation,
    invitationEmail,
    registerInvited,
  };
}

export type RegistrationService = ReturnType<typeof registrationService>;

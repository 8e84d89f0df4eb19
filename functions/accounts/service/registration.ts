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
    get(invitationId: string): Promise<OrganisationInvitationRecord | undefined>;
    /**
     * In one transaction: the user record, the membership, and the invitation marked Accepted on
     * condition that it is still open at `now` and the user record does not exist yet.
     */
    acceptAsNewUser(
      invitation: OrganisationInvitationRecord,
      user: InvitedUser,
      now: Date,
    ): Promise<AcceptOutcome>;
  };
  now(): Date;
  log: Log;
}

/** 400 for a missing, forged, expired or replayed captcha. */
export const captchaFailed = (): Invalid =>
  new Invalid([{ field: 'body.captchaToken', reason: messages.captcha }], messages.captcha);

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
 * Registration (portal-core §7 public calls; portal-organisation §5 registration and password flows):
 * sign-up behind a captcha, confirmation, resend, and registration through an organisation invitation.
 */
export function registrationService(ports: RegistrationPorts) {
  const { log, userPool } = ports;

  /** Verifies the captcha payload, then records it once (a replayed solution fails). */
  async function requireCaptcha(token: string): Promise<void> {
    const check = await ports.captcha.verify(token);
    if (!check.ok) {
      log.info('captcha rejected', { reason: check.reason });
      throw captchaFailed();
    }
    if (!(await ports.captcha.claim(check.signature, check.expiresAt))) {
      log.info('captcha rejected', { reason: 'replayed' });
      throw captchaFailed();
    }
  }

  /** An invitation that can be used to register, or 404 (the web shows "Invitation code is not valid"). */
  async function openInvitation(uuid: string): Promise<OrganisationInvitationRecord> {
    const invitation = await ports.invitations.get(uuid);
    if (!invitation) throw new NotFound('Invitation not found');
    if (!isInvitationOpen(invitation, ports.now())) throw new NotFound('Invitation is no longer valid');
    return invitation;
  }

  /** A signed proof-of-work challenge for the registration form's captcha. */
  async function captchaChallenge() {
    return ports.captcha.challenge();
  }

  /** Registers an account (the pool mails the verification code and link); its Cognito username. */
  async function register(body: z.output<typeof RegistrationRequest>): Promise<{ username: string }> {
    await requireCaptcha(body.captchaToken);
    try {
      const { userSub } = await userPool.signUp({
        email: body.email,
        password: body.password,
        firstName: body.firstName,
        lastName: body.lastName,
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

  /** Confirms an account with the mailed code; confirming twice succeeds. */
  async function confirmRegistration(body: z.output<typeof ConfirmRegistrationRequest>): Promise<void> {
    try {
      await userPool.confirmSignUp(body.email, body.code);
    } catch (err) {
      const name = cognitoErrorName(err);
      // Confirming twice (a second click on the mail's link) succeeds: Cognito says
      // NotAuthorized ("Current status is CONFIRMED"); cognito-local says ExpiredCode.
      if (
        (name === 'NotAuthorizedException' || name === 'ExpiredCodeException') &&
        (await userPool.userStatus(body.email)) === 'CONFIRMED'
      ) {
        return;
      }
      if (name === 'UserLambdaValidationException') {
        // The user is confirmed but the user record could not be written.
        throw new ServerError({ cause: err });
      }
      const field =
        name === 'CodeMismatchException' || name === 'ExpiredCodeException' ? 'body.code' : undefined;
      throw cognitoClientError(
        err,
        field ? [{ field, reason: cognitoMessage(err, 'Invalid verification code') }] : undefined,
      );
    }
  }

  /** Sends the verification mail again (the spec's messages for an unknown or confirmed user). */
  async function resendConfirmation(body: z.output<typeof ResendRegistrationRequest>): Promise<void> {
    // The pool hides unknown users (PreventUserExistenceErrors), but the spec has a failure
    // message for this: ask the pool directly first.
    const status = await userPool.userStatus(body.email);
    if (status === undefined) throw new Rejected('User does not exist');
    if (status === 'CONFIRMED') throw new Rejected('User is already confirmed');
    try {
      await userPool.resendConfirmationCode(body.email);
    } catch (err) {
      throw cognitoClientError(err);
    }
  }

  /** The e-mail of an open organisation invitation. */
  async function invitationEmail(uuid: string): Promise<{ email: string }> {
    const invitation = await openInvitation(uuid);
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
   * Registers through an organisation invitation: the address is proven by the invitation, so the user
   * is created verified and confirmed (no code, no mail) with the chosen password as a permanent one,
   * then joins the organisation in one transaction; any failure after the user's creation removes it.
   */
  async function registerInvited(
    body: z.output<typeof InvitedRegistrationRequest>,
  ): Promise<{ username: string }> {
    const invitation = await openInvitation(body.uuid);
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
        { userId: sub, username: sub, email },
        ports.now(),
      );
    } catch (err) {
      await undoCreatedUser(username);
      throw err;
    }
    if (outcome !== 'accepted') {
      await undoCreatedUser(username);
      if (outcome === 'invitationClosed') throw new NotFound('Invitation is no longer valid');
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

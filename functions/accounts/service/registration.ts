import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  ConfirmSignUpCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient } from '../../platform/adapters/aws/cognito.js';
import { verifyCaptchaToken } from '../../platform/adapters/captcha.js';
import { requireEnv } from '../../platform/config.js';
import { claimCaptchaSolution } from '../repository/captcha.js';
import {
  acceptInvitationAsNewUser,
  getOrganisationInvitation,
  isInvitationOpen,
} from '../repository/invitations.js';
import { errorMessages } from '../../../shared/schemas/errors.js';
import { messages } from '../../../shared/domain/validation.js';
import { logger as platformLogger } from '../../platform/logger.js';
import { cognitoClientError, cognitoErrorName, cognitoMessage } from '../cognito.js';
import { Invalid, NotFound, Rejected, ServerError } from '../../platform/errors.js';
import type * as z from 'zod';
import type {
  ConfirmRegistrationRequest,
  InvitedRegistrationRequest,
  RegistrationRequest,
  ResendRegistrationRequest,
} from '../../../shared/schemas/accounts.js';

type Logger = typeof platformLogger;

/** 400 for a missing, forged, expired or replayed captcha. */
export const captchaFailed = (): Invalid =>
  new Invalid([{ field: 'body.captchaToken', reason: messages.captcha }], messages.captcha);

/** 400 USER.EXISTS.COGNITO.400: an account already exists with this email. */
export const userExists = (): Rejected =>
  new Rejected(errorMessages['USER.EXISTS.COGNITO.400'], 'USER.EXISTS.COGNITO.400');

/** 400 for a password Cognito refuses: the shared password message on the field, Cognito's words as description. */
const invalidPassword = (field: string, err: unknown): Invalid =>
  new Invalid(
    [{ field, reason: messages.password }],
    messages.password,
    cognitoMessage(err, messages.password),
  );

/** Verifies the captcha payload, then records it once (a replayed solution fails). */
async function requireCaptcha(token: string, logger: Logger): Promise<void> {
  const check = await verifyCaptchaToken(token);
  if (!check.ok) {
    logger.info('captcha rejected', { reason: check.reason });
    throw captchaFailed();
  }
  if (!(await claimCaptchaSolution(check.signature, check.expiresAt))) {
    logger.info('captcha rejected', { reason: 'replayed' });
    throw captchaFailed();
  }
}

const poolId = () => requireEnv('USER_POOL_ID');
const clientId = () => requireEnv('USER_POOL_CLIENT_ID');

/** A user's Cognito status (UNCONFIRMED, CONFIRMED, ...), or undefined when there is no such user. */
async function userStatus(email: string): Promise<string | undefined> {
  try {
    const out = await cognitoClient().send(
      new AdminGetUserCommand({ UserPoolId: poolId(), Username: email }),
    );
    return out.UserStatus ?? 'UNKNOWN';
  } catch (err) {
    if (cognitoErrorName(err) === 'UserNotFoundException') return undefined;
    throw err;
  }
}

/** An invitation that can be used to register, or 404 (the web shows "Invitation code is not valid"). */
async function openInvitation(uuid: string) {
  const invitation = await getOrganisationInvitation(uuid);
  if (!invitation) throw new NotFound('Invitation not found');
  if (!isInvitationOpen(invitation)) throw new NotFound('Invitation is no longer valid');
  return invitation;
}

/** Registers an account (the pool mails the verification code and link); its Cognito username. */
export async function register(
  body: z.output<typeof RegistrationRequest>,
  logger: Logger = platformLogger,
): Promise<{ username: string }> {
  await requireCaptcha(body.captchaToken, logger);
  try {
    const out = await cognitoClient().send(
      new SignUpCommand({
        ClientId: clientId(),
        Username: body.email,
        Password: body.password,
        UserAttributes: [
          { Name: 'email', Value: body.email },
          { Name: 'given_name', Value: body.firstName },
          { Name: 'family_name', Value: body.lastName },
        ],
      }),
    );
    if (!out.UserSub) throw new Error('SignUp returned no UserSub');
    logger.info('registered', { userSub: out.UserSub });
    return { username: out.UserSub };
  } catch (err) {
    const name = cognitoErrorName(err);
    if (name === 'UsernameExistsException') throw userExists();
    if (name === 'InvalidPasswordException') throw invalidPassword('body.password', err);
    throw cognitoClientError(err);
  }
}

/** Confirms an account with the mailed code; confirming twice succeeds. */
export async function confirmRegistration(body: z.output<typeof ConfirmRegistrationRequest>): Promise<void> {
  try {
    await cognitoClient().send(
      new ConfirmSignUpCommand({
        ClientId: clientId(),
        Username: body.email,
        ConfirmationCode: body.code,
      }),
    );
    return;
  } catch (err) {
    const name = cognitoErrorName(err);
    // Confirming twice (a second click on the mail's link) succeeds: Cognito says
    // NotAuthorized ("Current status is CONFIRMED"); cognito-local says ExpiredCode.
    if (
      (name === 'NotAuthorizedException' || name === 'ExpiredCodeException') &&
      (await userStatus(body.email)) === 'CONFIRMED'
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
export async function resendConfirmation(body: z.output<typeof ResendRegistrationRequest>): Promise<void> {
  // The pool hides unknown users (PreventUserExistenceErrors), but the spec has a failure
  // message for this: ask the pool directly first.
  const status = await userStatus(body.email);
  if (status === undefined) throw new Rejected('User does not exist');
  if (status === 'CONFIRMED') throw new Rejected('User is already confirmed');
  try {
    await cognitoClient().send(
      new ResendConfirmationCodeCommand({ ClientId: clientId(), Username: body.email }),
    );
  } catch (err) {
    throw cognitoClientError(err);
  }
}

/** The e-mail of an open organisation invitation. */
export async function invitationEmail(uuid: string): Promise<{ email: string }> {
  const invitation = await openInvitation(uuid);
  return { email: invitation.email };
}

/**
 * Registers through an organisation invitation: the address is proven by the invitation, so the user
 * is created verified and confirmed, then joins the organisation in one transaction (undone if it fails).
 */
export async function registerInvited(
  body: z.output<typeof InvitedRegistrationRequest>,
  logger: Logger = platformLogger,
): Promise<{ username: string }> {
  const invitation = await openInvitation(body.uuid);
  const cognito = cognitoClient();
  const email = invitation.email;
  // The invitation proves the address: the user is created verified and confirmed (no code,
  // no mail), with the chosen password as a permanent one.
  let created;
  try {
    created = await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: poolId(),
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
          ...(invitation.firstName ? [{ Name: 'given_name', Value: invitation.firstName }] : []),
          ...(invitation.lastName ? [{ Name: 'family_name', Value: invitation.lastName }] : []),
        ],
      }),
    );
  } catch (err) {
    if (cognitoErrorName(err) === 'UsernameExistsException') throw userExists();
    throw cognitoClientError(err);
  }
  const username = created.User?.Username;
  const sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
  if (!username || !sub) throw new Error('AdminCreateUser returned no username or sub');
  const undo = async () => {
    try {
      await cognito.send(new AdminDeleteUserCommand({ UserPoolId: poolId(), Username: username }));
    } catch (cleanupErr) {
      logger.error('invited registration: could not remove the Cognito user', {
        username,
        error: cleanupErr as Error,
      });
    }
  };
  try {
    await cognito.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: poolId(),
        Username: username,
        Password: body.password,
        Permanent: true,
      }),
    );
  } catch (err) {
    await undo();
    if (cognitoErrorName(err) === 'InvalidPasswordException') throw invalidPassword('body.password', err);
    throw cognitoClientError(err);
  }
  let outcome;
  try {
    outcome = await acceptInvitationAsNewUser(invitation, { userId: sub, username: sub, email });
  } catch (err) {
    await undo();
    throw err;
  }
  if (outcome !== 'accepted') {
    await undo();
    if (outcome === 'invitationClosed') throw new NotFound('Invitation is no longer valid');
    throw new ServerError();
  }
  logger.info('registered through invitation', {
    userSub: sub,
    invitationId: invitation.invitationId,
    organisationId: invitation.organisationId,
  });
  return { username: sub };
}

import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  ChangePasswordCommand,
  ConfirmSignUpCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient } from '../../platform/adapters/aws/cognito.js';
import { requireEnv } from '../../platform/config.js';
import { cognitoErrorName } from '../cognito.js';

/**
 * The accounts of the Cognito user pool (USER_POOL_ID, and the web client USER_POOL_CLIENT_ID).
 * Each call throws Cognito's own errors (their names end in `Exception`): the services map them to
 * the spec's messages (../cognito.ts).
 */
export interface UserPool {
  /** Signs up (the pool mails the verification code and link); the new user's sub. */
  signUp(input: {
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    /** Where the confirmation mail's link sends them after sign-in (the CustomMessage trigger reads it). */
    returnTo?: string | undefined;
  }): Promise<{ userSub: string | undefined }>;
  confirmSignUp(email: string, code: string): Promise<void>;
  resendConfirmationCode(email: string, returnTo?: string): Promise<void>;
  /** The user's status (UNCONFIRMED, CONFIRMED, ...), or undefined when there is no such user. */
  userStatus(email: string): Promise<string | undefined>;
  /** Creates a user with a verified e-mail and no mail sent; its username and sub. */
  createVerifiedUser(input: {
    email: string;
    firstName?: string | undefined;
    lastName?: string | undefined;
  }): Promise<{ username: string | undefined; sub: string | undefined }>;
  setPermanentPassword(username: string, password: string): Promise<void>;
  deleteUser(username: string): Promise<void>;
  /**
   * Signs the user out everywhere: every refresh token Cognito issued them stops working (their
   * access and id tokens live on until they expire, an hour at most). `userPoolId` defaults to
   * USER_POOL_ID (the PostConfirmation trigger passes its event's pool).
   */
  globalSignOut(username: string, userPoolId?: string): Promise<void>;
  /** Changes the password of the access token's user. */
  changePassword(input: {
    accessToken: string;
    previousPassword: string;
    proposedPassword: string;
  }): Promise<void>;
}

const poolId = () => requireEnv('USER_POOL_ID');
const clientId = () => requireEnv('USER_POOL_CLIENT_ID');

export const userPool: UserPool = {
  async signUp({ email, password, firstName, lastName, returnTo }) {
    const out = await cognitoClient().send(
      new SignUpCommand({
        ClientId: clientId(),
        Username: email,
        Password: password,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'given_name', Value: firstName },
          { Name: 'family_name', Value: lastName },
        ],
        ...(returnTo ? { ClientMetadata: { returnTo } } : {}),
      }),
    );
    return { userSub: out.UserSub };
  },

  async confirmSignUp(email, code) {
    await cognitoClient().send(
      new ConfirmSignUpCommand({ ClientId: clientId(), Username: email, ConfirmationCode: code }),
    );
  },

  async resendConfirmationCode(email, returnTo) {
    await cognitoClient().send(
      new ResendConfirmationCodeCommand({
        ClientId: clientId(),
        Username: email,
        ...(returnTo ? { ClientMetadata: { returnTo } } : {}),
      }),
    );
  },

  async userStatus(email) {
    try {
      const out = await cognitoClient().send(
        new AdminGetUserCommand({ UserPoolId: poolId(), Username: email }),
      );
      return out.UserStatus ?? 'UNKNOWN';
    } catch (err) {
      if (cognitoErrorName(err) === 'UserNotFoundException') return undefined;
      throw err;
    }
  },

  async createVerifiedUser({ email, firstName, lastName }) {
    const created = await cognitoClient().send(
      new AdminCreateUserCommand({
        UserPoolId: poolId(),
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
          ...(firstName ? [{ Name: 'given_name', Value: firstName }] : []),
          ...(lastName ? [{ Name: 'family_name', Value: lastName }] : []),
        ],
      }),
    );
    return {
      username: created.User?.Username,
      sub: created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value,
    };
  },

  async setPermanentPassword(username, password) {
    await cognitoClient().send(
      new AdminSetUserPasswordCommand({
        UserPoolId: poolId(),
        Username: username,
        Password: password,
        Permanent: true,
      }),
    );
  },

  async globalSignOut(username, userPoolId) {
    await cognitoClient().send(
      new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId ?? poolId(), Username: username }),
    );
  },

  async deleteUser(username) {
    await cognitoClient().send(new AdminDeleteUserCommand({ UserPoolId: poolId(), Username: username }));
  },

  async changePassword({ accessToken, previousPassword, proposedPassword }) {
    await cognitoClient().send(
      new ChangePasswordCommand({
        AccessToken: accessToken,
        PreviousPassword: previousPassword,
        ProposedPassword: proposedPassword,
      }),
    );
  },
};

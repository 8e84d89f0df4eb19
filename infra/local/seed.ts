import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { CognitoError, type LocalCognito } from './cognito';
import type { Log } from './util';

export interface DemoUser {
  email: string;
  password: string;
  givenName: string;
  familyName: string;
}

/** Demo sign-ins (passwords meet the pool policy: 8+, upper, lower, digit, symbol). */
export const demoUsers: DemoUser[] = [
  { email: 'applicant@demo.consent.nz', password: 'Applicant#2025', givenName: 'Aroha', familyName: 'Ngata' },
  { email: 'agent@demo.consent.nz', password: 'Agent#2025nz', givenName: 'Tom', familyName: 'Whitfield' },
];

/**
 * Creates the demo accounts through the proxy (SignUp + AdminConfirmSignUp), so the
 * post-confirmation handler creates their user records as the real trigger would. Idempotent:
 * existing confirmed users are left alone; a user whose trigger has not yet succeeded (recorded in
 * the state file) gets it run again.
 */
export async function seedDemoUsers(opts: {
  cognito: LocalCognito;
  stateFile: string;
  log: Log;
  users?: DemoUser[];
}): Promise<void> {
  const state: Record<string, 'confirmed'> = existsSync(opts.stateFile)
    ? (JSON.parse(readFileSync(opts.stateFile, 'utf8')) as Record<string, 'confirmed'>)
    : {};
  const { cognito } = opts;
  for (const u of opts.users ?? demoUsers) {
    if (state[u.email] === 'confirmed') continue;
    try {
      await cognito.call('SignUp', {
        ClientId: cognito.clientId,
        Username: u.email,
        Password: u.password,
        UserAttributes: [
          { Name: 'email', Value: u.email },
          { Name: 'given_name', Value: u.givenName },
          { Name: 'family_name', Value: u.familyName },
        ],
      });
    } catch (err) {
      if (!(err instanceof CognitoError && err.type === 'UsernameExistsException')) throw err;
    }
    const user = await cognito.call<{ UserStatus?: string }>('AdminGetUser', {
      UserPoolId: cognito.userPoolId,
      Username: u.email,
    });
    try {
      if (user.UserStatus === 'UNCONFIRMED') {
        await cognito.call('AdminConfirmSignUp', { UserPoolId: cognito.userPoolId, Username: u.email });
      } else {
        // Confirmed earlier but its trigger failed then (e.g. the handler was not there yet).
        await cognito.runPostConfirmation(u.email);
      }
      state[u.email] = 'confirmed';
    } catch (err) {
      opts.log(
        `demo user ${u.email}: post-confirmation failed (will retry at next start): ${String((err as Error).message ?? err)}`,
      );
    }
  }
  writeFileSync(opts.stateFile, JSON.stringify(state, null, 2));
}

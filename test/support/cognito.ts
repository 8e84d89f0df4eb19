import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readOutputs, type StackOutputs } from './outputs';

/** One AWS JSON 1.1 call to the Cognito endpoint (the local proxy, or cognito-idp in AWS). */
export async function cognitoCall<T = Record<string, unknown>>(
  endpoint: string,
  target: string,
  body: unknown,
): Promise<{ status: number; json: T & { __type?: string; message?: string } }> {
  const res = await fetch(endpoint.replace(/\/$/, '') + '/', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    json: (text ? JSON.parse(text) : {}) as T & { __type?: string; message?: string },
  };
}

export interface Tokens {
  IdToken: string;
  AccessToken: string;
  RefreshToken: string;
  ExpiresIn: number;
}

/** Signs in with USER_PASSWORD_AUTH and returns the tokens. */
export async function signIn(
  email: string,
  password: string,
  outputs: StackOutputs = readOutputs(),
): Promise<Tokens> {
  const endpoint = outputs.CognitoEndpoint ?? `https://cognito-idp.${outputs.Region}.amazonaws.com`;
  const { status, json } = await cognitoCall<{ AuthenticationResult?: Tokens }>(endpoint, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: outputs.UserPoolClientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  if (status !== 200 || !json.AuthenticationResult)
    throw new Error(`sign-in of ${email} failed: ${status} ${JSON.stringify(json)}`);
  return json.AuthenticationResult;
}

interface PoolUser {
  Username: string;
  Attributes?: { Name: string; Value?: string }[];
  ConfirmationCode?: string;
  AttributeVerificationCode?: string;
  MFACode?: string;
}

/**
 * The latest code cognito-local issued to `email` (sign-up confirmation, forgot password,
 * attribute verification): from the pool's db json (dataDir/cognito/db/<poolId>.json), else from
 * the newest mail in the outbox that carries a code for that address.
 */
export function readLatestCode(email: string, outputs: StackOutputs = readOutputs()): string | undefined {
  const dataDir = String(outputs.DataDir ?? '.local');
  const dbFile = path.join(dataDir, 'cognito', 'db', `${outputs.UserPoolId}.json`);
  if (existsSync(dbFile)) {
    const db = JSON.parse(readFileSync(dbFile, 'utf8')) as { Users?: Record<string, PoolUser> };
    const lower = email.toLowerCase();
    for (const u of Object.values(db.Users ?? {})) {
      const mail = u.Attributes?.find((a) => a.Name === 'email')?.Value ?? u.Username;
      if (mail.toLowerCase() !== lower && u.Username.toLowerCase() !== lower) continue;
      const code = u.ConfirmationCode ?? u.AttributeVerificationCode ?? u.MFACode;
      if (code) return code;
    }
  }
  const mailDir = String(outputs.MailOutboxDir ?? path.join(dataDir, 'mail'));
  if (!existsSync(mailDir)) return undefined;
  for (const f of readdirSync(mailDir)
    .filter((n) => n.endsWith('.json'))
    .sort()
    .reverse()) {
    const m = JSON.parse(readFileSync(path.join(mailDir, f), 'utf8')) as {
      to?: string[] | string;
      code?: string;
    };
    const to = Array.isArray(m.to) ? m.to : [m.to];
    if (m.code && to.some((t) => t?.toLowerCase() === email.toLowerCase())) return m.code;
  }
  return undefined;
}

/** Mail records in the outbox, oldest first. */
export function readOutbox(
  outputs: StackOutputs = readOutputs(),
): { file: string; to: string[]; subject: string; text: string; code?: string }[] {
  const dir = String(outputs.MailOutboxDir ?? path.join(String(outputs.DataDir ?? '.local'), 'mail'));
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()
    .map((f) => ({
      file: path.join(dir, f),
      ...(JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as {
        to: string[];
        subject: string;
        text: string;
        code?: string;
      }),
    }));
}

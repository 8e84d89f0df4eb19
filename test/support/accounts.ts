/**
 * Helpers for the accounts tests against a started stack: a really solved captcha, the local table
 * (to seed what later issues create through their own routes, e.g. organisation invitations),
 * and the mail a user receives.
 */
import { randomUUID } from 'node:crypto';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { readOutbox, signIn } from './cognito';
import { readOutputs, type StackOutputs } from './outputs';
import { waitFor } from './wait';

/** Fetches a challenge from the API and solves it as the widget does: the captchaToken to send. */
export async function solvedCaptcha(outputs: StackOutputs = readOutputs()): Promise<string> {
  const res = await fetch(`${outputs.ApiUrl}/public/captcha/challenge`);
  if (res.status !== 200) throw new Error(`captcha challenge: ${res.status}`);
  const challenge = (await res.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 20_000 });
  if (!solution) throw new Error('captcha: no solution found');
  const payload = {
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

let tableReady = false;

/**
 * Points this process's repositories at the stack's table (DynamoDB Local) and returns them.
 * Repositories are imported after the environment is set, as the local stack does for handlers.
 */
export async function localRepositories(outputs: StackOutputs = readOutputs()) {
  if (!tableReady) {
    const endpoint = outputs.DynamoDbEndpoint;
    if (typeof endpoint !== 'string')
      throw new Error('outputs: DynamoDbEndpoint is missing (not a local stack)');
    process.env.AWS_ENDPOINT_URL_DYNAMODB = endpoint;
    process.env.AWS_REGION = outputs.Region;
    process.env.AWS_ACCESS_KEY_ID ??= 'S3RVER';
    process.env.AWS_SECRET_ACCESS_KEY ??= 'S3RVER';
    process.env.TABLE_NAME = outputs.TableName;
    tableReady = true;
  }
  const [invitations, users, site] = await Promise.all([
    import('../../functions/accounts/repository/invitations.js'),
    import('../../functions/accounts/repository/users.js'),
    import('../../functions/site/repository.js'),
  ]);
  return { invitations, users, site };
}

/** Seeds a Pending organisation invitation (the organisation issue creates them through its routes). */
export async function seedOrganisationInvitation(
  input: {
    email?: string;
    organisationId?: string;
    organisationName?: string;
    expiryDate?: string;
    status?: 'Pending' | 'Accepted' | 'Rejected' | 'Expired' | 'Revoked' | 'Error';
  } = {},
  outputs: StackOutputs = readOutputs(),
) {
  const { invitations } = await localRepositories(outputs);
  return invitations.createOrganisationInvitation({
    organisationId: input.organisationId ?? `org-${randomUUID()}`,
    organisationName: input.organisationName ?? 'Test Builders Ltd',
    email: input.email ?? `invited-${randomUUID()}@demo.consent.nz`,
    ...(input.expiryDate ? { expiryDate: input.expiryDate } : {}),
    ...(input.status ? { status: input.status } : {}),
  });
}

export interface OutboxMail {
  file: string;
  to: string[];
  subject: string;
  text: string;
  html?: string;
  code?: string;
  trigger?: string;
}

/** Waits for a mail to `email` that `match` accepts and that was not in `seenFiles`. */
export function waitForMail(
  email: string,
  match: (m: OutboxMail) => boolean = () => true,
  { seenFiles = new Set<string>(), outputs = readOutputs() } = {},
): Promise<OutboxMail> {
  return waitFor(`mail to ${email}`, () =>
    (readOutbox(outputs) as OutboxMail[]).find(
      (m) => !seenFiles.has(m.file) && m.to.some((t) => t.toLowerCase() === email.toLowerCase()) && match(m),
    ),
  );
}

/** The outbox files now (to tell later mail apart). */
export const outboxFiles = (outputs: StackOutputs = readOutputs()): Set<string> =>
  new Set(readOutbox(outputs).map((m) => m.file));

/** A JSON request to the API. */
export async function api(
  method: string,
  path: string,
  body?: unknown,
  { token, outputs = readOutputs() }: { token?: string; outputs?: StackOutputs } = {},
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${outputs.ApiUrl}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

/** A fresh confirmed user registered through the API (captcha, confirmation mail): email, password, id token, sub. */
export async function registeredUser(
  prefix: string,
  outputs: StackOutputs = readOutputs(),
): Promise<{ email: string; password: string; token: string; sub: string }> {
  const email = `${prefix}-${randomUUID()}@demo.consent.nz`;
  const password = 'Organise#2025';
  const reg = await api(
    'POST',
    '/public/user/registration',
    {
      email,
      firstName: 'Aroha',
      lastName: 'Tane',
      password,
      acknowledgement: true,
      captchaToken: await solvedCaptcha(outputs),
    },
    { outputs },
  );
  if (reg.status !== 200) throw new Error(`registration: ${reg.status} ${JSON.stringify(reg.body)}`);
  const mail = await waitForMail(email, (m) => m.trigger === 'CustomMessage_SignUp', { outputs });
  const confirm = await api(
    'POST',
    '/public/user/registration/confirm',
    { email, code: mail.code },
    { outputs },
  );
  if (confirm.status !== 204) throw new Error(`confirmation: ${confirm.status}`);
  const tokens = await signIn(email, password, outputs);
  const sub = JSON.parse(Buffer.from(tokens.IdToken.split('.')[1]!, 'base64url').toString('utf8')) as {
    sub: string;
  };
  return { email, password, token: tokens.IdToken, sub: sub.sub };
}

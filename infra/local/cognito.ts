import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { CustomMessageTriggerEvent, PostConfirmationTriggerEvent } from 'aws-lambda';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { CognitoError } from './cognito-error';
import { createMfaProxy, type MfaUser } from './cognito-mfa';
import { createLocalOAuth, ensureCouncilPool } from './cognito-oauth';
import { lambdaContext, type HandlerLoader } from './handlers';
import { htmlToText, writeMail } from './mail';
import { HOST } from './ports';
import { closeServer, listen, readBody, sendJson, type Log } from './util';

/**
 * Cognito on this machine: cognito-local run in-process (its own modules, with data under
 * dataDir/cognito instead of cwd/.cognito, and a message service that builds each mail with
 * functions/accounts/custom-message.ts and writes it to the mail outbox) behind a small proxy that adds what cognito-local lacks.
 */
export interface LocalCognito {
  /** The endpoint clients use (the proxy). */
  endpoint: string;
  userPoolId: string;
  clientId: string;
  /** The council pool (no users; one app client per onboarded authority: docs/council-api.md §1). */
  councilUserPoolId: string;
  /** Its token endpoint (client credentials): `<endpoint>/oauth2/token`. */
  councilTokenUrl: string;
  /** Calls a Cognito target through the proxy (so triggers run). */
  call<T = Record<string, unknown>>(target: string, body: unknown): Promise<T>;
  /** Runs the post-confirmation handler for a confirmed user (as AdminConfirmSignUp would). */
  runPostConfirmation(username: string): Promise<void>;
  stop(): Promise<void>;
}

export { CognitoError };

export const passwordPolicy = {
  MinimumLength: 8,
  RequireUppercase: true,
  RequireLowercase: true,
  RequireNumbers: true,
  RequireSymbols: true,
} as const;

/** The messages Cognito gives for a password that breaks the pool's policy, or undefined. */
export function passwordPolicyViolation(password: unknown): string | undefined {
  if (typeof password !== 'string') return undefined;
  if (password.length < passwordPolicy.MinimumLength) return 'Password not long enough';
  if (!/[A-Z]/.test(password)) return 'Password must have uppercase characters';
  if (!/[a-z]/.test(password)) return 'Password must have lowercase characters';
  if (!/[0-9]/.test(password)) return 'Password must have numeric characters';
  if (!/[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/.test(password))
    return 'Password must have symbol characters';
  return undefined;
}

/** The password a request sets, per target, so the proxy can enforce the policy. */
function proposedPassword(target: string, body: Record<string, unknown>): unknown {
  switch (target) {
    case 'SignUp':
    case 'ConfirmForgotPassword':
    case 'AdminSetUserPassword':
      return body.Password;
    case 'ChangePassword':
      return body.ProposedPassword;
    case 'AdminCreateUser':
      return body.TemporaryPassword;
    case 'RespondToAuthChallenge':
    case 'AdminRespondToAuthChallenge':
      return (body.ChallengeResponses as Record<string, unknown> | undefined)?.NEW_PASSWORD;
    default:
      return undefined;
  }
}

interface CognitoLocalModules {
  createServer: (
    router: unknown,
    logger: unknown,
    options: unknown,
    services: unknown,
  ) => {
    start(): Promise<Server>;
  };
  Router: (services: unknown) => unknown;
  DateClock: new () => unknown;
  TriggersService: new (clock: unknown, cognito: unknown, lambda: unknown, crypto: unknown) => unknown;
  LambdaService: new (config: unknown, client: unknown) => unknown;
  CognitoServiceFactoryImpl: new (
    dir: string,
    dsf: unknown,
    upsf: unknown,
  ) => { create(ctx: unknown, defaults: unknown): Promise<unknown> };
  UserPoolServiceFactoryImpl: new (clock: unknown, dsf: unknown) => unknown;
  StormDBDataStoreFactory: new (dir: string) => unknown;
  JwtTokenGenerator: new (clock: unknown, triggers: unknown, config: unknown) => unknown;
  otp: () => string;
  pino: (opts: unknown, dest?: unknown) => unknown;
  pinoDestination: (fd: number) => unknown;
}

function loadCognitoLocal(): CognitoLocalModules {
  const req = createRequire(import.meta.url);
  const pkgDir = path.dirname(req.resolve('cognito-local/package.json'));
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const lib = (p: string) => req(path.join(pkgDir, 'lib', p)) as Record<string, any>;
  const pkgReq = createRequire(path.join(pkgDir, 'package.json'));
  const pino = pkgReq('pino') as ((opts: unknown, dest?: unknown) => unknown) & {
    destination: (fd: number) => unknown;
  };
  const services = lib('services/index.js');
  return {
    createServer: lib('server/server.js').createServer,
    Router: lib('server/Router.js').Router,
    DateClock: services.DateClock,
    TriggersService: services.TriggersService,
    LambdaService: services.LambdaService,
    CognitoServiceFactoryImpl: lib('services/cognitoService.js').CognitoServiceFactoryImpl,
    UserPoolServiceFactoryImpl: lib('services/userPoolService.js').UserPoolServiceFactoryImpl,
    StormDBDataStoreFactory: lib('services/dataStore/stormDb.js').StormDBDataStoreFactory,
    JwtTokenGenerator: lib('services/tokenGenerator.js').JwtTokenGenerator,
    otp: lib('services/otp.js').otp,
    pino,
    pinoDestination: (fd: number) => pino.destination(fd),
  };
}

interface CognitoUser {
  Username: string;
  Attributes?: { Name: string; Value?: string }[];
}

/** What the CustomMessage trigger made of a message (placeholders already replaced), or undefined. */
export type CustomMessageBuilder = (input: {
  source: string;
  userPoolId: string;
  clientId: string | null;
  user: CognitoUser;
  code: string;
  clientMetadata: Record<string, string> | undefined;
}) => Promise<{ subject: string; html: string } | undefined>;

interface CognitoLocalHandle {
  server: Server;
  /** ResendConfirmationCode, which cognito-local lacks (same checks and delivery as SignUp). */
  resendConfirmationCode(body: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** A user record of an app client's pool (by username, email or sub), for the MFA module. */
  findUser(clientId: string, username: string): Promise<MfaUser | null>;
  /**
   * Revokes every refresh token of a user of a pool (by username, email or sub), as Cognito's
   * global sign-out does; false when there is no such user.
   */
  revokeRefreshTokens(userPoolId: string, username: string): Promise<boolean>;
}

async function startCognitoLocal(opts: {
  dir: string;
  port: number;
  issuerDomain: string;
  mailDir: string;
  customMessage: CustomMessageBuilder;
  log: Log;
}): Promise<CognitoLocalHandle> {
  const m = loadCognitoLocal();
  const logger = m.pino({ level: 'error', base: { name: 'cognito-local' } }, m.pinoDestination(2));
  const config = {
    LambdaClient: { credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, region: 'local' },
    TriggerFunctions: {},
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: opts.issuerDomain },
    KMSConfig: { credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, region: 'local' },
    ServerConfig: { port: opts.port, hostname: HOST, development: false, https: false },
  };
  const ctx = { logger };
  const dataDirectory = path.join(opts.dir, 'db');
  const clock = new m.DateClock();
  const dataStoreFactory = new m.StormDBDataStoreFactory(dataDirectory);
  const cognitoFactory = new m.CognitoServiceFactoryImpl(
    dataDirectory,
    dataStoreFactory,
    new m.UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  );
  const cognito = await cognitoFactory.create(ctx, config.UserPoolDefaults);
  // No Lambda triggers inside cognito-local: the proxy runs them against our own handlers.
  const triggers = new m.TriggersService(clock, cognito, new m.LambdaService({}, {}), {});
  // Codes go to the mail outbox (and stay in the pool's db json, as cognito-local keeps them). The
  // message is what functions/accounts/custom-message.ts makes of it, as Cognito's CustomMessage
  // trigger in AWS; SMS keeps the plain code.
  const messages = {
    deliver: async (
      _ctx: unknown,
      source: string,
      clientId: string | null,
      userPoolId: string,
      user: CognitoUser,
      code: string,
      clientMetadata: Record<string, string> | undefined,
      deliveryDetails: { DeliveryMedium?: string; Destination?: string },
    ) => {
      if (deliveryDetails.DeliveryMedium === 'SMS') {
        writeMail(opts.mailDir, {
          source: 'cognito-sms',
          to: deliveryDetails.Destination ?? '',
          subject: 'SMS',
          text: `Your verification code is ${code}`,
          code,
          username: user.Username,
        });
        return;
      }
      if (deliveryDetails.DeliveryMedium !== 'EMAIL') return;
      let custom: { subject: string; html: string } | undefined;
      try {
        custom = await opts.customMessage({ source, userPoolId, clientId, user, code, clientMetadata });
      } catch (err) {
        opts.log(`custom-message trigger failed: ${String((err as Error)?.stack ?? err)}`);
      }
      writeMail(opts.mailDir, {
        source: 'cognito',
        to: deliveryDetails.Destination ?? '',
        subject: custom?.subject ?? 'Your verification code',
        text: custom ? htmlToText(custom.html) : `Your verification code is ${code}`,
        ...(custom ? { html: custom.html } : {}),
        code,
        username: user.Username,
        trigger: `CustomMessage_${source}`,
      });
    },
  };
  const services = {
    clock,
    cognito,
    config,
    messages,
    otp: m.otp,
    tokenGenerator: new m.JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const server = m.createServer(m.Router(services), logger, config.ServerConfig, services);

  const resendConfirmationCode = async (body: Record<string, unknown>) => {
    const ctx = { logger };
    const pool = (await (
      cognito as { getUserPoolForClientId(c: unknown, id: unknown): Promise<unknown> }
    ).getUserPoolForClientId(ctx, body.ClientId)) as {
      options: { Id: string };
      getUserByUsername(c: unknown, u: unknown): Promise<(CognitoUser & { UserStatus?: string }) | null>;
      saveUser(c: unknown, u: unknown): Promise<void>;
    };
    const user = await pool.getUserByUsername(ctx, body.Username);
    const masked = (email: string) => `${email.slice(0, 1)}***@${email.split('@')[1]?.slice(0, 1) ?? ''}***`;
    if (!user) {
      // As Cognito with PreventUserExistenceErrors (the deployed client): a plausible answer.
      return {
        CodeDeliveryDetails: {
          AttributeName: 'email',
          DeliveryMedium: 'EMAIL',
          Destination: masked(String(body.Username)),
        },
      };
    }
    if (user.UserStatus === 'CONFIRMED') {
      throw new CognitoError('InvalidParameterException', 'User is already confirmed.', 400);
    }
    const email = user.Attributes?.find((a) => a.Name === 'email')?.Value;
    if (!email) throw new CognitoError('InvalidParameterException', 'User has no email.', 400);
    const code = m.otp();
    const deliveryDetails = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email };
    await messages.deliver(
      ctx,
      'ResendCode',
      String(body.ClientId),
      pool.options.Id,
      user,
      code,
      body.ClientMetadata as Record<string, string> | undefined,
      deliveryDetails,
    );
    await pool.saveUser(ctx, { ...user, ConfirmationCode: code, UserLastModifiedDate: new Date() });
    return { CodeDeliveryDetails: { ...deliveryDetails, Destination: masked(email) } };
  };

  const findUser = async (clientId: string, username: string) => {
    const pool = (await (
      cognito as { getUserPoolForClientId(c: unknown, id: unknown): Promise<unknown> }
    ).getUserPoolForClientId({ logger }, clientId)) as {
      getUserByUsername(c: unknown, u: unknown): Promise<MfaUser | null>;
    };
    return pool.getUserByUsername({ logger }, username);
  };

  const revokeRefreshTokens = async (userPoolId: string, username: string) => {
    const ctx = { logger };
    const pool = (await (cognito as { getUserPool(c: unknown, id: unknown): Promise<unknown> }).getUserPool(
      ctx,
      userPoolId,
    )) as {
      getUserByUsername(c: unknown, u: unknown): Promise<(CognitoUser & { RefreshTokens?: string[] }) | null>;
      saveUser(c: unknown, u: unknown): Promise<void>;
    };
    const user = await pool.getUserByUsername(ctx, username);
    if (!user) return false;
    // cognito-local keeps a user's refresh tokens on its record and finds REFRESH_TOKEN_AUTH's user by
    // them: without them, every refresh token issued so far is NotAuthorized.
    await pool.saveUser(ctx, { ...user, RefreshTokens: [], UserLastModifiedDate: new Date() });
    return true;
  };

  return { server: await server.start(), resendConfirmationCode, findUser, revokeRefreshTokens };
}

/** Sends one AWS JSON 1.1 request to a Cognito endpoint. */
export async function cognitoCall<T = Record<string, unknown>>(
  endpoint: string,
  target: string,
  body: unknown,
): Promise<T> {
  const res = await fetch(endpoint + '/', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const json = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
  if (!res.ok) {
    throw new CognitoError(String(json.__type ?? 'UnknownError'), String(json.message ?? text), res.status);
  }
  return json as T;
}

function forward(
  internalPort: number,
  req: IncomingMessage,
  body: Buffer | undefined,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = { ...req.headers, host: `${HOST}:${internalPort}` };
    if (body) headers['content-length'] = String(body.length);
    const out = httpRequest(
      { host: HOST, port: internalPort, method: req.method, path: req.url, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    out.on('error', reject);
    if (body) out.end(body);
    else req.pipe(out);
  });
}

export async function startCognito(opts: {
  dataDir: string;
  port: number;
  internalPort: number;
  region: string;
  mailDir: string;
  handlers: HandlerLoader;
  log: Log;
}): Promise<LocalCognito> {
  const dir = path.resolve(opts.dataDir, 'cognito');
  mkdirSync(dir, { recursive: true });
  const endpoint = `http://${HOST}:${opts.port}`;
  const internal = `http://${HOST}:${opts.internalPort}`;
  const customMessage: CustomMessageBuilder = async ({
    source,
    userPoolId,
    clientId,
    user,
    code,
    clientMetadata,
  }) => {
    if (!opts.handlers.exists('accounts/custom-message')) return undefined;
    const handler =
      await opts.handlers.load<
        (e: CustomMessageTriggerEvent, c: unknown) => Promise<CustomMessageTriggerEvent>
      >('accounts/custom-message');
    const userAttributes: Record<string, string> = {};
    for (const a of user.Attributes ?? []) if (a.Value !== undefined) userAttributes[a.Name] = a.Value;
    const event = {
      version: '1',
      region: opts.region,
      userPoolId,
      userName: user.Username,
      callerContext: { awsSdkVersion: 'aws-sdk-js-3.0.0', clientId: clientId ?? 'CLIENT_ID_NOT_APPLICABLE' },
      triggerSource: `CustomMessage_${source}`,
      request: {
        userAttributes,
        codeParameter: '{####}',
        linkParameter: '{##Click Here##}',
        usernameParameter: source === 'AdminCreateUser' ? '{username}' : null,
        ...(clientMetadata ? { clientMetadata } : {}),
      },
      response: { smsMessage: null, emailMessage: null, emailSubject: null },
    } as CustomMessageTriggerEvent;
    const out = await handler(event, lambdaContext('custom-message', randomUUID()));
    const { emailSubject, emailMessage } = out.response;
    if (!emailMessage) return undefined;
    // As Cognito: the placeholders are replaced after the trigger returns.
    const fill = (t: string) => t.replaceAll('{####}', code).replaceAll('{username}', user.Username);
    return { subject: fill(emailSubject ?? 'Your verification code'), html: fill(emailMessage) };
  };
  const inner = await startCognitoLocal({
    dir,
    port: opts.internalPort,
    issuerDomain: endpoint,
    mailDir: opts.mailDir,
    customMessage,
    log: opts.log,
  });

  const ids = await ensurePool(internal, path.join(dir, 'ids.json'));
  const oauth = createLocalOAuth({
    dir,
    endpoint,
    call: (target, body) => cognitoCall(internal, target, body),
    oauthPools: () => [councilUserPoolId],
  });
  const councilUserPoolId = await ensureCouncilPool(
    (target, body) => cognitoCall(internal, target, body),
    path.join(dir, 'ids.json'),
    oauth.handleTarget,
  );
  // As the deployed pool: optional two-step sign-in, authenticator app only (set at every start,
  // so a pool created before this existed gets it too; cognito-local's default is OFF).
  await cognitoCall(internal, 'SetUserPoolMfaConfig', {
    UserPoolId: ids.userPoolId,
    MfaConfiguration: 'OPTIONAL',
    SoftwareTokenMfaConfiguration: { Enabled: true },
  });
  const mfa = createMfaProxy({
    findUser: inner.findUser,
    forward: (target, body) => cognitoCall(internal, target, body),
  });

  const corsHeaders = (req: IncomingMessage): Record<string, string> => ({
    'access-control-allow-origin': req.headers.origin ?? '*',
    'access-control-allow-headers': '*',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-expose-headers': 'x-amzn-requestid, x-amzn-errortype, x-amzn-errormessage, date',
    'access-control-max-age': '600',
  });

  /** The pool of a request: its UserPoolId, else its app client's (as Cognito resolves it). */
  const poolOf = async (body: Record<string, unknown>): Promise<string> => {
    const given = body.UserPoolId as string | undefined;
    if (given) return given;
    const c = await cognitoCall<{ UserPoolClient?: { UserPoolId?: string } }>(
      internal,
      'DescribeUserPoolClient',
      { ClientId: body.ClientId, UserPoolId: ids.userPoolId },
    );
    return c.UserPoolClient?.UserPoolId ?? ids.userPoolId;
  };

  /** The user of a valid access token of the web pool (signature, issuer, token use), or undefined. */
  const jwks = createRemoteJWKSet(new URL(`${internal}/${ids.userPoolId}/.well-known/jwks.json`));
  const accessTokenUser = async (token: unknown): Promise<string | undefined> => {
    if (typeof token !== 'string') return undefined;
    try {
      const { payload } = await jwtVerify(token, jwks, {
        issuer: `${endpoint}/${ids.userPoolId}`,
        algorithms: ['RS256'],
      });
      return payload.token_use === 'access' && typeof payload.sub === 'string' ? payload.sub : undefined;
    } catch {
      return undefined;
    }
  };

  const postConfirmation = async (
    source: PostConfirmationTriggerEvent['triggerSource'],
    userPoolId: string,
    username: string,
    clientId: string,
    clientMetadata: Record<string, string> | undefined,
  ) => {
    const user = await cognitoCall<{
      Username: string;
      UserAttributes?: { Name: string; Value?: string }[];
      UserStatus?: string;
    }>(internal, 'AdminGetUser', { UserPoolId: userPoolId, Username: username });
    const userAttributes: Record<string, string> = {};
    for (const a of user.UserAttributes ?? []) if (a.Value !== undefined) userAttributes[a.Name] = a.Value;
    userAttributes['cognito:user_status'] = user.UserStatus ?? 'CONFIRMED';
    const event: PostConfirmationTriggerEvent = {
      version: '1',
      region: opts.region,
      userPoolId,
      // With email as the username attribute, Cognito's trigger userName is the user's sub.
      userName: userAttributes.sub ?? user.Username,
      callerContext: { awsSdkVersion: 'aws-sdk-js-3.0.0', clientId },
      triggerSource: source,
      request: { userAttributes, ...(clientMetadata ? { clientMetadata } : {}) },
      response: {},
    };
    const handler = await opts.handlers.load<(e: PostConfirmationTriggerEvent) => Promise<unknown>>(
      'accounts/post-confirmation',
    );
    await handler(event);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, corsHeaders(req));
      res.end();
      return;
    }
    const targetHeader = req.headers['x-amz-target'];
    if (req.method === 'POST' && (req.url ?? '').split('?')[0] === '/oauth2/token') {
      const raw = await readBody(req);
      const answer = await oauth.handleToken(raw, req.headers.authorization);
      if (answer) {
        sendJson(res, answer.status, answer.body, { ...corsHeaders(req), 'cache-control': 'no-store' });
        return;
      }
      const r = await forward(opts.internalPort, req, raw);
      res.writeHead(r.status, { ...r.headers, ...corsHeaders(req) });
      res.end(r.body);
      return;
    }
    if (req.method !== 'POST' || typeof targetHeader !== 'string') {
      const r = await forward(opts.internalPort, req, undefined);
      res.writeHead(r.status, { ...r.headers, ...corsHeaders(req) });
      res.end(r.body);
      return;
    }
    const target = targetHeader.split('.')[1] ?? '';
    const raw = await readBody(req);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw.toString() || '{}') as Record<string, unknown>;
    } catch {
      sendJson(res, 400, { __type: 'SerializationException', message: 'Invalid JSON' }, corsHeaders(req));
      return;
    }
    const reply = (status: number, json: unknown) =>
      sendJson(res, status, json, {
        ...corsHeaders(req),
        'content-type': 'application/x-amz-json-1.1',
        'x-amzn-requestid': randomUUID(),
      });
    const fail = (type: string, message: string, status = 400) =>
      sendJson(
        res,
        status,
        { __type: type, message },
        {
          ...corsHeaders(req),
          'content-type': 'application/x-amz-json-1.1',
          'x-amzn-errortype': type,
          'x-amzn-requestid': randomUUID(),
        },
      );

    const violation = passwordPolicyViolation(proposedPassword(target, body));
    if (violation) {
      fail('InvalidPasswordException', `Password did not conform with policy: ${violation}`);
      return;
    }

    try {
      const answered = (await oauth.handleTarget(target, body)) ?? (await mfa.handle(target, body));
      if (answered) {
        reply(200, answered);
        return;
      }
      switch (target) {
        case 'GetTokensFromRefreshToken': {
          const out = await cognitoCall<{ AuthenticationResult?: Record<string, unknown> }>(
            internal,
            'InitiateAuth',
            {
              AuthFlow: 'REFRESH_TOKEN_AUTH',
              ClientId: body.ClientId,
              AuthParameters: { REFRESH_TOKEN: body.RefreshToken },
              ...(body.ClientMetadata ? { ClientMetadata: body.ClientMetadata } : {}),
            },
          );
          const ar = out.AuthenticationResult ?? {};
          reply(200, {
            AuthenticationResult: {
              AccessToken: ar.AccessToken,
              IdToken: ar.IdToken,
              ExpiresIn: ar.ExpiresIn ?? 3600,
              TokenType: ar.TokenType ?? 'Bearer',
              ...(ar.RefreshToken ? { RefreshToken: ar.RefreshToken } : {}),
            },
          });
          return;
        }
        // cognito-local has neither: as Cognito, a global sign-out revokes every refresh token of the
        // user (its access and id tokens live on until they expire).
        case 'GlobalSignOut': {
          const sub = await accessTokenUser(body.AccessToken);
          if (!sub || !(await inner.revokeRefreshTokens(ids.userPoolId, sub))) {
            fail('NotAuthorizedException', 'Invalid Access Token');
            return;
          }
          reply(200, {});
          return;
        }
        case 'AdminUserGlobalSignOut': {
          if (!(await inner.revokeRefreshTokens(String(body.UserPoolId), String(body.Username)))) {
            fail('UserNotFoundException', 'User does not exist.');
            return;
          }
          reply(200, {});
          return;
        }
        // As Cognito: the PostConfirmation trigger runs after a password reset too (our handler then
        // signs the user out everywhere: functions/accounts/service/confirmation.ts).
        case 'ConfirmForgotPassword': {
          const out = await cognitoCall(internal, target, body);
          try {
            await postConfirmation(
              'PostConfirmation_ConfirmForgotPassword',
              await poolOf(body),
              String(body.Username),
              String(body.ClientId ?? 'CLIENT_ID_NOT_APPLICABLE'),
              body.ClientMetadata as Record<string, string> | undefined,
            );
          } catch (err) {
            opts.log(`post-confirmation trigger failed: ${String((err as Error)?.stack ?? err)}`);
            fail(
              'UserLambdaValidationException',
              `PostConfirmation failed with error ${(err as Error)?.message ?? String(err)}.`,
            );
            return;
          }
          reply(200, out);
          return;
        }
        case 'ResendConfirmationCode': {
          try {
            reply(200, await inner.resendConfirmationCode(body));
          } catch (err) {
            const code = (err as { code?: unknown }).code;
            if (!(err instanceof CognitoError) && typeof code === 'string') {
              fail(code, (err as Error).message);
              return;
            }
            throw err;
          }
          return;
        }
        case 'ChangePassword': {
          try {
            reply(200, await cognitoCall(internal, target, body));
          } catch (err) {
            // The proposed password already passed the policy above, so cognito-local's
            // InvalidPasswordException means a wrong previous password: Cognito says NotAuthorized.
            if (err instanceof CognitoError && err.type === 'InvalidPasswordException') {
              fail('NotAuthorizedException', 'Incorrect username or password.');
              return;
            }
            throw err;
          }
          return;
        }
        case 'InitiateAuth':
        case 'AdminInitiateAuth': {
          try {
            reply(200, mfa.afterInitiateAuth(body.ClientId, await cognitoCall(internal, target, body)));
          } catch (err) {
            // cognito-local says InvalidPasswordException / UserNotFoundException where Cognito
            // (user-existence errors prevented, the default) says NotAuthorizedException.
            if (
              err instanceof CognitoError &&
              ['InvalidPasswordException', 'UserNotFoundException'].includes(err.type)
            ) {
              fail('NotAuthorizedException', 'Incorrect username or password.');
              return;
            }
            throw err;
          }
          return;
        }
        case 'ConfirmSignUp':
        case 'AdminConfirmSignUp': {
          const out = await cognitoCall(internal, target, body);
          const poolId = await poolOf(body);
          const clientId = (body.ClientId as string | undefined) ?? 'CLIENT_ID_NOT_APPLICABLE';
          try {
            await postConfirmation(
              'PostConfirmation_ConfirmSignUp',
              poolId,
              String(body.Username),
              clientId,
              body.ClientMetadata as Record<string, string> | undefined,
            );
          } catch (err) {
            opts.log(`post-confirmation trigger failed: ${String((err as Error)?.stack ?? err)}`);
            // As Cognito: the user stays confirmed, the call reports the trigger's failure.
            fail(
              'UserLambdaValidationException',
              `PostConfirmation failed with error ${(err as Error)?.message ?? String(err)}.`,
            );
            return;
          }
          reply(200, out);
          return;
        }
        default: {
          const r = await forward(opts.internalPort, req, raw);
          res.writeHead(r.status, { ...r.headers, ...corsHeaders(req) });
          res.end(r.body);
          return;
        }
      }
    } catch (err) {
      if (err instanceof CognitoError) {
        fail(err.type, err.message.replace(`${err.type}: `, ''), err.status);
        return;
      }
      throw err;
    }
  };

  const proxy = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      opts.log(`cognito proxy error: ${String((err as Error)?.stack ?? err)}`);
      if (!res.headersSent)
        sendJson(res, 500, { __type: 'InternalErrorException', message: 'Internal error' });
      else res.destroy();
    });
  });
  await listen(proxy, opts.port, HOST);

  return {
    endpoint,
    userPoolId: ids.userPoolId,
    clientId: ids.clientId,
    councilUserPoolId,
    councilTokenUrl: `${endpoint}/oauth2/token`,
    call: (target, body) => cognitoCall(endpoint, target, body),
    runPostConfirmation: (username) =>
      postConfirmation(
        'PostConfirmation_ConfirmSignUp',
        ids.userPoolId,
        username,
        'CLIENT_ID_NOT_APPLICABLE',
        undefined,
      ),
    stop: async () => {
      await closeServer(proxy);
      await closeServer(inner.server);
    },
  };
}

/** Creates the user pool and app client once; reuses them (ids persisted in ids.json) afterwards. */
async function ensurePool(
  internal: string,
  idsFile: string,
): Promise<{ userPoolId: string; clientId: string }> {
  if (existsSync(idsFile)) {
    const saved = JSON.parse(readFileSync(idsFile, 'utf8')) as { userPoolId: string; clientId: string };
    try {
      await cognitoCall(internal, 'DescribeUserPoolClient', {
        UserPoolId: saved.userPoolId,
        ClientId: saved.clientId,
      });
      return saved;
    } catch {
      // the pool's files are gone: create a new one
    }
  }
  const pool = await cognitoCall<{ UserPool: { Id: string } }>(internal, 'CreateUserPool', {
    PoolName: 'consent-portal-local',
    UsernameAttributes: ['email'],
    AutoVerifiedAttributes: ['email'],
    Policies: { PasswordPolicy: passwordPolicy },
    Schema: [
      { Name: 'email', AttributeDataType: 'String', Required: true, Mutable: true },
      { Name: 'given_name', AttributeDataType: 'String', Required: false, Mutable: true },
      { Name: 'family_name', AttributeDataType: 'String', Required: false, Mutable: true },
    ],
  });
  const client = await cognitoCall<{ UserPoolClient: { ClientId: string } }>(
    internal,
    'CreateUserPoolClient',
    {
      UserPoolId: pool.UserPool.Id,
      ClientName: 'web',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_SRP_AUTH'],
      GenerateSecret: false,
    },
  );
  const ids = { userPoolId: pool.UserPool.Id, clientId: client.UserPoolClient.ClientId };
  writeFileSync(idsFile, JSON.stringify(ids, null, 2));
  return ids;
}

import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  lambdaId,
  routedFeatures,
  routeKey,
  routes,
  type RouteDef,
  defineRoute,
  signedIn,
} from '../../functions/routes.js';
import { apiStageName } from '../../infra/stacks/index.js';
import { lambdaMemory } from '../../infra/stacks/api-stack.js';
import {
  buildTestApp,
  propsOf,
  routeKeysOfTemplate,
  sharedTestApp,
  template,
  validPaymentOptions,
} from './helpers.js';

type Fn = {
  Runtime: string;
  Architectures: string[];
  Handler: string;
  Environment: { Variables: Record<string, unknown> };
};

describe('ApiStack', () => {
  let t: Template;
  beforeAll(() => {
    t = template(sharedTestApp().stacks.api);
  });

  /** The HTTP API's functions (the scheduled-target Lambdas are asserted on their own). */
  const functions = () =>
    (propsOf(t, 'AWS::Lambda::Function') as unknown as (Fn & { Description: string })[]).filter((f) =>
      f.Description.startsWith('HTTP API feature: '),
    );

  it('has one Node.js 22 arm64 Lambda per Lambda of the route table (a feature may have several)', () => {
    const fns = functions();
    expect(fns.map((f) => f.Description.replace('HTTP API feature: ', '')).sort()).toEqual(
      [...new Set(routes.map(lambdaId))].sort(),
    );
    expect([...routedFeatures()].every((f) => fns.some((fn) => fn.Description.endsWith(`: ${f}`)))).toBe(
      true,
    );
    for (const f of fns) {
      expect(f).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Handler: 'index.handler' });
    }
  });

  it('the Lambdas that decode images (application form, organisation profile) have 1536 MB; the others the default', () => {
    expect(lambdaMemory).toEqual({ 'applications-form': 1536, 'organisations-profile': 1536 });
    const fns = functions() as unknown as { Description: string; MemorySize?: number }[];
    for (const f of fns) {
      const id = f.Description.replace(/^.*: /, '');
      expect(f.MemorySize, f.Description).toBe(lambdaMemory[id] ?? 512);
    }
    const described = fns.map((f) => f.Description);
    expect(described).toContain('HTTP API feature: organisations-profile');
  });

  it('gives every function the env of functions/platform/config.ts', () => {
    for (const f of functions()) {
      expect(Object.keys(f.Environment.Variables)).toEqual(
        expect.arrayContaining([
          'TABLE_NAME',
          'UPLOADS_BUCKET',
          'USER_POOL_ID',
          'USER_POOL_CLIENT_ID',
          'POWERTOOLS_SERVICE_NAME',
        ]),
      );
    }
  });

  it('passes the configured rate limits (RATE_LIMITS) to the functions that limit: accounts and the organisation look-up', () => {
    const rateLimits = '{"organisationLookupPerUser":{"limit":3}}';
    const limited = template(buildTestApp({ config: { rateLimits } }).stacks.api);
    const fns = propsOf(limited, 'AWS::Lambda::Function') as unknown as (Fn & { Description: string })[];
    for (const id of ['accounts', 'organisations']) {
      const fn = fns.find((f) => f.Description === `HTTP API feature: ${id}`);
      expect(fn?.Environment.Variables.RATE_LIMITS, id).toBe(rateLimits);
    }
    for (const f of functions()) expect(f.Environment.Variables.RATE_LIMITS).toBeUndefined();
  });

  it('has exactly one route per entry of functions/routes.ts', () => {
    expect(routeKeysOfTemplate(t)).toEqual(routes.map(routeKey).sort());
  });

  it("sends each route to its Lambda: the lists and the form's heavy calls off the applications handler", () => {
    const resources = t.toJSON().Resources as Record<
      string,
      { Type: string; Properties: Record<string, unknown> }
    >;
    const lambdaOfRoute = new Map<string, string>();
    for (const r of Object.values(resources).filter((x) => x.Type === 'AWS::ApiGatewayV2::Route')) {
      const target = JSON.stringify(r.Properties.Target);
      const integrationId = Object.keys(resources).find(
        (id) => resources[id]!.Type === 'AWS::ApiGatewayV2::Integration' && target.includes(`"${id}"`),
      )!;
      // The integration invokes the function's live alias (canary releases, docs/architecture.md).
      const aliasId = (resources[integrationId]!.Properties.IntegrationUri as { Ref: string }).Ref;
      expect(resources[aliasId]?.Type).toBe('AWS::Lambda::Alias');
      const uri = JSON.stringify(resources[aliasId]!.Properties.FunctionName);
      const fnId = Object.keys(resources).find(
        (id) => resources[id]!.Type === 'AWS::Lambda::Function' && uri.includes(`"${id}"`),
      )!;
      const description = String(resources[fnId]!.Properties.Description);
      lambdaOfRoute.set(r.Properties.RouteKey as string, description.replace('HTTP API feature: ', ''));
    }
    for (const route of routes)
      expect(lambdaOfRoute.get(routeKey(route)), routeKey(route)).toBe(lambdaId(route));
    expect(lambdaOfRoute.get('GET /user/applicationsV2')).toBe('applications-lists');
    expect(lambdaOfRoute.get('POST /user/applications/{id}/submission')).toBe('applications-form');
    expect(lambdaOfRoute.get('GET /user/applications/{id}')).toBe('applications');
  });

  it('protects user and council routes with their JWT authorizers and leaves public routes open', () => {
    const byKey = new Map(
      propsOf(t, 'AWS::ApiGatewayV2::Route').map((r) => [r.RouteKey as string, r] as const),
    );
    const authorizerOf = (r: Record<string, unknown>) => JSON.stringify(r.AuthorizerId);
    const userAuthorizer = authorizerOf(byKey.get('GET /user')!);
    const councilAuthorizer = authorizerOf(byKey.get('GET /council/events')!);
    expect(userAuthorizer).not.toBe(councilAuthorizer);
    for (const route of routes) {
      const r = byKey.get(routeKey(route))!;
      if (route.caller === 'user' || route.caller === 'council') {
        expect(r.AuthorizationType, routeKey(route)).toBe('JWT');
        expect(authorizerOf(r), routeKey(route)).toBe(
          route.caller === 'user' ? userAuthorizer : councilAuthorizer,
        );
      } else {
        expect(r.AuthorizationType ?? 'NONE', routeKey(route)).toBe('NONE');
        expect(r.AuthorizerId, routeKey(route)).toBeUndefined();
      }
    }
  });

  it("trusts only the deployed user pool's issuer, with the web client as audience", () => {
    // Two: the users' (this one) and the councils' (below, "with other route tables").
    t.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 2);
    const a = propsOf(t, 'AWS::ApiGatewayV2::Authorizer').find((x) => x.Name !== 'cognito-council')!;
    expect(a.AuthorizerType).toBe('JWT');
    expect(a.IdentitySource).toEqual(['$request.header.Authorization']);
    const cfg = a.JwtConfiguration as { Issuer: unknown; Audience: unknown[] };
    const issuer = JSON.stringify(cfg.Issuer);
    expect(issuer).toContain('https://cognito-idp.ap-southeast-2.amazonaws.com/');
    expect(issuer).toMatch(/ExportsOutputRefUserPool/);
    expect(issuer).not.toMatch(/localhost|127\.0\.0\.1/);
    expect(JSON.stringify(cfg.Audience)).toMatch(/ExportsOutputRefUserPoolWebClient/);
  });

  it(`has a stage named "${apiStageName}" with auto-deploy, throttling and access logs`, () => {
    t.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
    t.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: 'api',
      AutoDeploy: true,
      DefaultRouteSettings: Match.objectLike({
        ThrottlingRateLimit: Match.anyValue(),
        ThrottlingBurstLimit: Match.anyValue(),
      }),
      AccessLogSettings: {
        DestinationArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^AccessLogs'), 'Arn'] },
        Format: Match.stringLikeRegexp('\\$context\\.requestId'),
      },
    });
  });

  it('its access log names the route (its template), never the path, query string or path parameters (docs/architecture.md)', () => {
    const stage = propsOf(t, 'AWS::ApiGatewayV2::Stage')[0]!;
    const format = (stage.AccessLogSettings as { Format: string }).Format;
    const fields = Object.values(JSON.parse(format) as Record<string, string>);
    expect(fields).toContain('$context.routeKey');
    // Payer and unsubscribe tokens were path or query values: only $context variables that cannot hold them.
    for (const v of fields) expect(v, v).not.toMatch(/path|query|param|request\.|requestOverride|uri/i);
  });

  it('outputs ApiUrl ending with /api', () => {
    const out = t.findOutputs('ApiUrl').ApiUrl as { Value: unknown };
    const joined = JSON.stringify(out.Value);
    expect(joined).toMatch(/\/api"\]\]\}$/);
    expect(joined).toContain('https://');
  });

  it('grants table reads to every function; writes only where the resource needs them', () => {
    const fnPolicies = Object.entries(t.findResources('AWS::IAM::Policy'));
    const pub = fnPolicies.find(([id]) => id.startsWith('Fnaccounts'))![1] as {
      Properties: { PolicyDocument: unknown };
    };
    const apps = fnPolicies.find(([id]) => id.startsWith('Fnapplications'))![1] as {
      Properties: { PolicyDocument: unknown };
    };
    const ref = fnPolicies.find(([id]) => id.startsWith('Fnreference'))![1] as {
      Properties: { PolicyDocument: unknown };
    };
    expect(JSON.stringify(pub.Properties.PolicyDocument)).toContain('dynamodb:Query');
    expect(JSON.stringify(apps.Properties.PolicyDocument)).toContain('dynamodb:PutItem');
    expect(JSON.stringify(ref.Properties.PolicyDocument)).toContain('dynamodb:Query');
    expect(JSON.stringify(ref.Properties.PolicyDocument)).not.toMatch(
      /dynamodb:(Put|Update|Delete|BatchWrite)/,
    );
    // The accounts function writes only the partitions registration and the profile need (no delete, no batch).
    const pubDoc = pub.Properties.PolicyDocument as {
      Statement: { Action: string | string[]; Condition?: unknown }[];
    };
    const writes = pubDoc.Statement.filter((st) =>
      [st.Action].flat().some((a) => /dynamodb:(Put|Update|Delete|BatchWrite)/.test(a)),
    );
    expect(writes).toEqual([
      expect.objectContaining({
        Action: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
        Condition: {
          'ForAllValues:StringLike': {
            'dynamodb:LeadingKeys': [
              '$portal#signature_*',
              '$portal#userId_*',
              '$portal#organisationId_*',
              '$portal#invitationId_*',
              '$portal#key_*',
              // The invited registration's UserRegistered (its outbox item).
              '$portal#eventId_*',
            ],
          },
        },
      }),
    ]);
  });

  it('gives the accounts function the captcha secret and the Cognito admin calls of invited registration; only it and the organisations handler (its invitations) read the captcha', () => {
    // Four secrets: the captcha key, the lookups' and the card gateway's credentials and CloudFront's origin secret.
    t.resourceCountIs('AWS::SecretsManager::Secret', 4);
    const [secretId] = Object.keys(
      t.findResources('AWS::SecretsManager::Secret', {
        Properties: {
          GenerateSecretString: Match.objectLike({ PasswordLength: 64, ExcludePunctuation: true }),
        },
      }),
    );
    expect(secretId).toBeDefined();
    const pubFn = functions().find((f) => f.Description.endsWith(': accounts'))!;
    expect(pubFn.Environment.Variables.CAPTCHA_HMAC_SECRET_ARN).toEqual({ Ref: secretId });
    expect(pubFn.Environment.Variables.CAPTCHA_HMAC_SECRET).toBeUndefined();
    // Not the organisation's profile Lambda: none of its routes checks a captcha (docs/architecture.md).
    const orgFns = functions().filter((f) => /: organisations$/.test(f.Description));
    expect(orgFns.length).toBe(1);
    for (const f of orgFns)
      expect(f.Environment.Variables.CAPTCHA_HMAC_SECRET_ARN).toEqual({ Ref: secretId });
    for (const f of functions().filter((f) => f !== pubFn && !orgFns.includes(f))) {
      expect(f.Environment.Variables.CAPTCHA_HMAC_SECRET_ARN).toBeUndefined();
    }
    const [, pub] = Object.entries(t.findResources('AWS::IAM::Policy')).find(([id]) =>
      id.startsWith('Fnaccounts'),
    )!;
    const doc = JSON.stringify(pub);
    expect(doc).toContain('secretsmanager:GetSecretValue');
    for (const action of ['AdminCreateUser', 'AdminSetUserPassword', 'AdminGetUser', 'AdminDeleteUser']) {
      expect(doc).toContain(`cognito-idp:${action}`);
    }
    expect(doc).not.toContain('cognito-idp:*');
    const [, usr] = Object.entries(t.findResources('AWS::IAM::Policy')).find(([id]) =>
      id.startsWith('Fnreference'),
    )!;
    expect(JSON.stringify(usr)).not.toContain('cognito-idp:');
    // The only secret the reference function reads is CloudFront's origin secret.
    const usrSecrets = (
      usr as { Properties: { PolicyDocument: { Statement: { Action: unknown; Resource: unknown }[] } } }
    ).Properties.PolicyDocument.Statement.filter((st) =>
      JSON.stringify(st.Action).includes('secretsmanager:'),
    );
    expect(usrSecrets.map((st) => JSON.stringify(st.Resource))).toEqual([
      expect.stringMatching(/OriginSecret/),
    ]);
  });

  it('gives the lookups function its mode, timeout and the credentials secret, and only the licence checkers besides', () => {
    const secrets = t.findResources('AWS::SecretsManager::Secret', {
      Properties: { GenerateSecretString: Match.objectLike({ GenerateStringKey: 'placeholder' }) },
    });
    const templateOf = (secret: unknown) =>
      JSON.parse(
        (secret as { Properties: { GenerateSecretString: { SecretStringTemplate: string } } }).Properties
          .GenerateSecretString.SecretStringTemplate,
      ) as Record<string, string>;
    const [lookupsSecretId, lookupsSecret] = Object.entries(secrets).find(
      ([, v]) => 'NZPOST_CLIENT_ID' in templateOf(v),
    )!;
    expect(lookupsSecretId).toBeDefined();
    const template = templateOf(lookupsSecret);
    // The template names the fields an operator fills; it carries no credentials.
    expect(template).toEqual({
      NZPOST_CLIENT_ID: '',
      NZPOST_CLIENT_SECRET: '',
      LINZ_API_KEY: '',
      LBP_BASE_URL: '',
      LBP_API_KEY: '',
    });
    const fn = functions().find((f) => f.Description.endsWith(': lookups'))!;
    expect(fn.Environment.Variables).toMatchObject({
      LOOKUPS_MODE: 'local',
      LOOKUPS_SECRET_ARN: { Ref: lookupsSecretId },
      LOOKUPS_TIMEOUT_MS: '5000',
    });
    // The functions that check licences against the LBP register get the secret too; no one else.
    const registerUsers = ['lookups', 'participants', 'contacts', 'access-requests'];
    for (const f of functions()) {
      const feature = f.Description.split(': ').at(-1)!;
      if (registerUsers.includes(feature))
        expect(f.Environment.Variables.LOOKUPS_SECRET_ARN, feature).toEqual({ Ref: lookupsSecretId });
      else expect(f.Environment.Variables.LOOKUPS_SECRET_ARN, feature).toBeUndefined();
    }
    const [, policy] = Object.entries(t.findResources('AWS::IAM::Policy')).find(([id]) =>
      id.startsWith('Fnlookups'),
    )!;
    const doc = JSON.stringify(policy);
    expect(doc).toContain('secretsmanager:GetSecretValue');
    expect(doc).toContain(lookupsSecretId!);
    expect(doc).not.toContain('dynamodb:PutItem');
  });

  it("gives only the payments function the card gateway's URL and its credentials secret", () => {
    const secrets = t.findResources('AWS::SecretsManager::Secret', {
      Properties: { GenerateSecretString: Match.objectLike({ GenerateStringKey: 'placeholder' }) },
    });
    const [secretId, secret] = Object.entries(secrets).find(([, v]) =>
      JSON.stringify(v).includes('PAYMENT_GATEWAY_USER'),
    )!;
    // The template names the fields an operator fills; it carries no credentials.
    expect(
      JSON.parse(
        (secret as { Properties: { GenerateSecretString: { SecretStringTemplate: string } } }).Properties
          .GenerateSecretString.SecretStringTemplate,
      ),
    ).toEqual({ PAYMENT_GATEWAY_USER: '', PAYMENT_GATEWAY_KEY: '' });
    for (const f of functions()) {
      const feature = f.Description.split(': ').at(-1)!;
      if (feature === 'payments')
        expect(f.Environment.Variables).toMatchObject({
          PAYMENT_GATEWAY_URL: 'https://uat.windcave.com',
          PAYMENT_GATEWAY_SECRET_ARN: { Ref: secretId },
        });
      else expect(f.Environment.Variables.PAYMENT_GATEWAY_SECRET_ARN, feature).toBeUndefined();
    }
  });

  it('uses the live lookup clients in a prod-like stage, or as the context says', () => {
    const lookupsEnv = (app: ReturnType<typeof buildTestApp>) =>
      (
        propsOf(template(app.stacks.api), 'AWS::Lambda::Function') as unknown as (Fn & {
          Description: string;
        })[]
      ).find((f) => f.Description.endsWith(': lookups'))!.Environment.Variables.LOOKUPS_MODE;
    expect(
      lookupsEnv(
        buildTestApp({
          config: {
            stage: 'prod',
            prodLike: true,
            paymentGatewayUrl: 'https://sec.windcave.com',
            paymentOptions: validPaymentOptions,
          },
        }),
      ),
    ).toBe('live');
    expect(lookupsEnv(buildTestApp({ context: { lookupsMode: 'live' } }))).toBe('live');
    expect(() => buildTestApp({ context: { lookupsMode: 'remote' } })).toThrow(/lookupsMode/);
  });

  it('gives the configured rate limits to the functions that limit, payments (invite to pay) among them', () => {
    const rateLimits = '{"paymentRequestPerUser":{"limit":40}}';
    const fns = (
      propsOf(
        template(buildTestApp({ config: { rateLimits } }).stacks.api),
        'AWS::Lambda::Function',
      ) as unknown as (Fn & {
        Description: string;
      })[]
    ).filter((f) => f.Description.startsWith('HTTP API feature: '));
    const limited = fns.filter((f) => f.Environment.Variables.RATE_LIMITS !== undefined);
    expect(limited.map((f) => f.Description.split(': ').at(-1))).toEqual(
      expect.arrayContaining(['accounts', 'organisations', 'payments']),
    );
    for (const f of limited) expect(f.Environment.Variables.RATE_LIMITS).toBe(rateLimits);
  });

  describe('with other route tables', () => {
    const extra = (...more: RouteDef[]): RouteDef[] => [...routes, ...more];

    it('puts council routes behind the council pool’s JWT authorizer: its issuer, the onboarded clients as audience, the route’s scope', () => {
      const { stacks } = buildTestApp({ config: { councils: ['wcc', 'akl'] } });
      const api = template(stacks.api);
      const auth = template(stacks.auth);
      const authorizers = propsOf(api, 'AWS::ApiGatewayV2::Authorizer') as {
        Name: string;
        AuthorizerType: string;
        JwtConfiguration: { Audience: unknown[]; Issuer: unknown };
      }[];
      const council = authorizers.find((a) => a.Name === 'cognito-council')!;
      expect(council.AuthorizerType).toBe('JWT');
      expect(council.JwtConfiguration.Audience).toHaveLength(2);
      expect(JSON.stringify(council.JwtConfiguration.Issuer)).toContain('CouncilPool');
      api.hasResourceProperties('AWS::ApiGatewayV2::Route', {
        RouteKey: 'GET /council/events',
        AuthorizationType: 'JWT',
        AuthorizationScopes: ['council-api/events.read'],
      });
      // One client per onboarded authority: client credentials, the four scopes, 60-minute tokens.
      const clients = propsOf(auth, 'AWS::Cognito::UserPoolClient').filter((c) =>
        String(c.ClientName).startsWith('Council-'),
      );
      expect(clients.map((c) => c.ClientName).sort()).toEqual(['Council-akl', 'Council-wcc']);
      for (const c of clients) {
        expect(c).toMatchObject({
          GenerateSecret: true,
          AllowedOAuthFlows: ['client_credentials'],
          AllowedOAuthFlowsUserPoolClient: true,
          AccessTokenValidity: 60,
        });
        expect(JSON.stringify(c.AllowedOAuthScopes)).toContain('/applications.read');
        expect(c.AllowedOAuthScopes).toHaveLength(4);
      }
      auth.hasResourceProperties('AWS::Cognito::UserPoolResourceServer', {
        Identifier: 'council-api',
        Scopes: [
          { ScopeName: 'applications.read', ScopeDescription: 'applications.read' },
          { ScopeName: 'applications.write', ScopeDescription: 'applications.write' },
          { ScopeName: 'events.read', ScopeDescription: 'events.read' },
          { ScopeName: 'webhooks.manage', ScopeDescription: 'webhooks.manage' },
        ],
      });
      auth.hasOutput('CouncilUserPoolId', {});
      auth.hasOutput('CouncilTokenUrl', {});
    });

    it('gives the Lambdas with council routes the council issuer the authorizer checks, and no other', () => {
      const api = template(buildTestApp({ config: { councils: ['wcc'] } }).stacks.api);
      const council = (
        propsOf(api, 'AWS::ApiGatewayV2::Authorizer') as {
          Name: string;
          JwtConfiguration: { Issuer: unknown };
        }[]
      ).find((a) => a.Name === 'cognito-council')!;
      const councilLambdas = new Set(routes.filter((r) => r.access.caller === 'council').map(lambdaId));
      expect(councilLambdas.size).toBeGreaterThan(0);
      const fns = (
        propsOf(api, 'AWS::Lambda::Function') as unknown as (Fn & { Description: string })[]
      ).filter((f) => f.Description.startsWith('HTTP API feature: '));
      for (const f of fns) {
        const id = f.Description.replace('HTTP API feature: ', '');
        if (councilLambdas.has(id))
          expect(f.Environment.Variables.COUNCIL_ISSUER, id).toEqual(council.JwtConfiguration.Issuer);
        else expect(f.Environment.Variables.COUNCIL_ISSUER, id).toBeUndefined();
      }
    });

    it('with no council onboarded the council authorizer’s audience names no client', () => {
      const api = template(buildTestApp({ config: { councils: [] } }).stacks.api);
      api.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
        Name: 'cognito-council',
        JwtConfiguration: { Audience: ['no-council-onboarded'] },
      });
    });

    it('lets mailing functions send from the configured sender only', () => {
      const api = template(
        buildTestApp({
          config: {
            mailFrom: 'no-reply@portal.example.nz',
            routes: extra(
              defineRoute('GET', '/user/applications/{id}/participants', 'participants', signedIn),
            ),
          },
        }).stacks.api,
      );
      // Payments mail the payer (invite to pay); participants' mails are the consumers' (docs/architecture.md).
      const policyOf = (prefix: string) =>
        JSON.stringify(
          Object.entries(api.findResources('AWS::IAM::Policy')).find(([id]) => id.startsWith(prefix))![1],
        );
      const doc = policyOf('Fnpayments');
      expect(doc).toContain(':identity/portal.example.nz');
      expect(doc).toContain(':identity/no-reply@portal.example.nz');
      expect(policyOf('Fnparticipants')).not.toContain('ses:');
      api.hasResourceProperties('AWS::Lambda::Function', {
        Description: 'HTTP API feature: payments',
        Environment: {
          Variables: Match.objectLike({ MAIL_TRANSPORT: 'ses', MAIL_FROM: 'no-reply@portal.example.nz' }),
        },
      });
    });

    it('gives each scheduling feature with a scheduled module one target Lambda, its ARN to the HTTP Lambda, and the scheduler role the right to invoke exactly it', () => {
      const all = propsOf(t, 'AWS::Lambda::Function') as unknown as (Fn & {
        Description: string;
        FunctionName?: string;
      })[];
      const targets = all.filter((f) => f.Description.startsWith('Scheduled jobs: '));
      // Every scheduling feature has its functions/<feature>/scheduled.ts; payments' also runs the
      // recurring catch-up (test/infra/recurring-jobs.test.ts).
      expect(targets.map((f) => f.Description).sort()).toEqual([
        'Scheduled jobs: access-requests',
        'Scheduled jobs: notifications',
        'Scheduled jobs: organisations',
        'Scheduled jobs: payments',
      ]);
      expect(targets.map((f) => f.FunctionName).sort()).toEqual([
        'consent-portal-dev-access-requests-scheduled',
        'consent-portal-dev-notifications-scheduled',
        'consent-portal-dev-organisations-scheduled',
        'consent-portal-dev-payments-scheduled',
      ]);
      const orgTarget = targets.find((f) => f.Description === 'Scheduled jobs: organisations')!;
      // Its table and mail, never the origin secret (it serves no HTTP) nor the captcha.
      expect(Object.keys(orgTarget.Environment.Variables)).toEqual(
        expect.arrayContaining(['TABLE_NAME', 'MAIL_TRANSPORT']),
      );
      expect(Object.keys(orgTarget.Environment.Variables)).not.toContain('ORIGIN_VERIFY_SECRET_ARN');
      const [targetId] = Object.keys(
        t.findResources('AWS::Lambda::Function', {
          Properties: { Description: 'Scheduled jobs: organisations' },
        }),
      );
      // Organisation invitations and access requests are scheduled by the event consumers (they name
      // the target by its fixed name): their HTTP Lambdas schedule nothing (docs/architecture.md); the
      // payments Lambda schedules a payment request's reminder and expiry on its own target.
      const org = functions().find((f) => f.Description === 'HTTP API feature: organisations')!;
      expect(org.Environment.Variables.SCHEDULER_TARGET_ARN).toBeUndefined();
      expect(org.Environment.Variables.SCHEDULER_GROUP).toBeUndefined();
      const [payTargetId] = Object.keys(
        t.findResources('AWS::Lambda::Function', { Properties: { Description: 'Scheduled jobs: payments' } }),
      );
      const pay = functions().find((f) => f.Description === 'HTTP API feature: payments')!;
      expect(pay.Environment.Variables.SCHEDULER_TARGET_ARN).toEqual({ 'Fn::GetAtt': [payTargetId, 'Arn'] });
      expect(pay.Environment.Variables.SCHEDULER_GROUP).toBeDefined();
      // The invoke right: a policy of this stack on the imported scheduler role, on the targets only.
      const policies = Object.values(t.findResources('AWS::IAM::Policy')).filter(
        (p) =>
          JSON.stringify(p).includes('lambda:InvokeFunction') && JSON.stringify(p).includes('SchedulerRole'),
      ) as { Properties: { PolicyDocument: { Statement: unknown[] }; Roles: unknown[] } }[];
      expect(policies).toHaveLength(1);
      const [arTargetId] = Object.keys(
        t.findResources('AWS::Lambda::Function', {
          Properties: { Description: 'Scheduled jobs: access-requests' },
        }),
      );
      const ar = functions().find((f) => f.Description === 'HTTP API feature: access-requests')!;
      expect(ar.Environment.Variables.SCHEDULER_TARGET_ARN).toBeUndefined();
      expect(policies[0]!.Properties.PolicyDocument.Statement).toEqual([
        {
          Action: 'lambda:InvokeFunction',
          Effect: 'Allow',
          Resource: expect.arrayContaining([
            { 'Fn::GetAtt': [arTargetId, 'Arn'] },
            { 'Fn::GetAtt': [targetId, 'Arn'] },
          ]),
        },
      ]);
      expect(JSON.stringify(policies[0]!.Properties.Roles)).toContain('SchedulerRole');
      const [, targetPolicy] = Object.entries(t.findResources('AWS::IAM::Policy')).find(([id]) =>
        id.startsWith('Scheduledorganisations'),
      )!;
      const doc = JSON.stringify(targetPolicy);
      expect(doc).toContain('dynamodb:PutItem');
      expect(doc).not.toMatch(/secretsmanager|scheduler:|s3:/);
    });

    it('lets the payments function schedule (group, role, PassRole to Scheduler only)', () => {
      const api = template(
        buildTestApp({
          config: {
            // The table's own access-request routes.
            routes: extra(),
          },
        }).stacks.api,
      );
      api.hasResourceProperties('AWS::Lambda::Function', {
        Description: 'HTTP API feature: payments',
        Environment: {
          Variables: Match.objectLike({
            SCHEDULER_GROUP: Match.anyValue(),
            SCHEDULER_ROLE_ARN: Match.anyValue(),
          }),
        },
      });
      const [, policy] = Object.entries(api.findResources('AWS::IAM::Policy')).find(([id]) =>
        id.startsWith('Fnpayments'),
      )!;
      const statements = (
        policy as { Properties: { PolicyDocument: { Statement: Record<string, unknown>[] } } }
      ).Properties.PolicyDocument.Statement;
      expect(statements).toContainEqual(
        expect.objectContaining({
          Action: 'iam:PassRole',
          Condition: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
        }),
      );
      expect(statements).toContainEqual(
        expect.objectContaining({
          Action: expect.arrayContaining(['scheduler:CreateSchedule', 'scheduler:DeleteSchedule']),
        }),
      );
      // Functions that do not schedule get neither the env nor the rights.
      for (const name of ['accounts', 'access-requests', 'organisations']) {
        const user = propsOf(api, 'AWS::Lambda::Function').find(
          (f) => f.Description === `HTTP API feature: ${name}`,
        )!;
        expect(Object.keys((user as unknown as Fn).Environment.Variables), name).not.toContain(
          'SCHEDULER_ROLE_ARN',
        );
      }
    });
  });
});

import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  ApiMapping,
  CfnStage,
  DomainName,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer, HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import type { IRole } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { acknowledge } from '../constructs/nag.js';
import type { Construct } from 'constructs';
import type { EnvName } from '../../functions/platform/config.js';
import { sampleDataBundleFiles } from '../../functions/platform/adapters/lookups/sample-data.js';
import { openApiBundleFiles } from '../../functions/site/openapi-document.js';
import {
  lambdaId,
  routes as routeTable,
  routeKey,
  type Feature,
  type RouteDef,
} from '../../functions/routes.js';
import { PortalFunction } from '../constructs/portal-function.js';
import { Releases } from '../constructs/releases.js';
import { routeScope } from '../council/route-scope.js';
import { capabilitiesOf, featureCapabilities, grantFeature } from './api-grants.js';
import { addScheduledTargets } from './scheduled-targets.js';
import type { ResolvedConfig } from './config.js';

/** The API Gateway stage: CloudFront forwards `/api/*` unchanged, so the stage name is `api`. */
export const apiStageName = 'api';

/**
 * Memory (MB) of the Lambdas that need more than the default 512, by Lambda id (`lambdaId`). The ones
 * that decode images with jimp (shared/domain/images.ts: up to 16 MP, measured about 650 MB peak):
 * the application form (template thumbnails, docs/deploy.md) and the organisation's profile (its
 * image, docs/deploy.md).
 */
export const lambdaMemory: Readonly<Record<string, number>> = {
  'applications-form': 1536,
  'organisations-profile': 1536,
};

/** The stage's throttle (every route), requests per second and burst. */
export const stageThrottle = { rateLimit: 100, burstLimit: 200 } as const;

/**
 * Per-route throttles (account-wide, per second): registration, confirmation and resend send mail
 * or check a code through Cognito, whose own quotas are shared by the whole pool.
 */
export const routeThrottles: Readonly<Record<string, { rateLimit: number; burstLimit: number }>> = {
  'GET /public/captcha/challenge': { rateLimit: 20, burstLimit: 40 },
  'POST /public/user/registration': { rateLimit: 5, burstLimit: 10 },
  'POST /public/user/registration/confirm': { rateLimit: 5, burstLimit: 10 },
  'POST /public/user/registration/resend': { rateLimit: 2, burstLimit: 5 },
  'POST /public/user/registration/invited': { rateLimit: 5, burstLimit: 10 },
};

export interface ApiStackProps extends StackProps {
  config: ResolvedConfig;
  table: ITable;
  uploads: IBucket;
  userPool: IUserPool;
  webClient: IUserPoolClient;
  /** The council pool's issuer and its app clients' ids (the council authorizer's audience). */
  council: { issuer: string; clientIds: string[] };
  scheduleGroup: IScheduleGroup;
  schedulerRole: IRole;
  /** The council webhook delivery function (Workflows stack): the webhooks Lambda invokes it. */
  webhookDeliveryFunction?: IFunction;
}

/** The HTTP API: one Lambda per routed feature, one route per entry of functions/routes.ts. */
export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  /** By Lambda id: `<feature>`, or `<feature>-<lambda>` for a feature's other Lambdas. */
  readonly functions: Record<string, PortalFunction> = {};
  /**
   * Canary releases of the request Lambdas (the `live` alias the integrations invoke, a CodeDeploy
   * deployment group each) and their rollback alarms (infra/constructs/releases.ts).
   */
  readonly releases: Releases;
  /** The scheduled-target Lambda of each feature that schedules jobs. */
  readonly scheduledTargets: Partial<Record<Feature, PortalFunction>>;
  private readonly integrations: Record<string, HttpLambdaIntegration> = {};
  /** `https://<id>.execute-api.<region>.amazonaws.com/api` (no trailing slash). */
  readonly apiUrl: string;
  /** `<id>.execute-api.<region>.amazonaws.com`: the CloudFront origin. */
  readonly apiDomainName: string;
  /** The captcha HMAC key (when a routed resource has the captcha capability). */
  readonly captchaSecret?: Secret;
  /** The lookup services' credentials (when a routed resource has the externalLookups capability). */
  readonly lookupsSecret?: Secret;
  /** The card gateway's REST credentials (docs/payments.md): filled in by an operator. */
  readonly paymentGatewaySecret?: Secret;
  /** What CloudFront adds to every /api/* request and the functions check (functions/platform/http/edge.ts). */
  readonly originSecret: Secret;
  /** The custom domain, when configured (config.apiDomain): the default endpoint is then disabled. */
  readonly customDomain?: DomainName;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config, table, uploads } = props;
    const routes = config.routes ?? routeTable;

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `consent-portal-${config.stage}`,
      description: 'Consent portal API (routes from functions/routes.ts)',
      createDefaultStage: false,
      // With a custom domain CloudFront uses it, and nothing may use the execute-api endpoint.
      disableExecuteApiEndpoint: config.apiDomain !== undefined,
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: config.prodLike ? RetentionDays.ONE_YEAR : RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = new HttpStage(this, 'Stage', {
      httpApi: this.httpApi,
      stageName: apiStageName,
      autoDeploy: true,
      throttle: stageThrottle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            ip: '$context.identity.sourceIp',
            userAgent: '$context.identity.userAgent',
            sub: '$context.authorizer.claims.sub',
            latency: '$context.responseLatency',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            responseLength: '$context.responseLength',
          }),
        ),
      },
    });
    if (config.apiDomain) {
      this.customDomain = new DomainName(this, 'ApiDomain', {
        domainName: config.apiDomain.domainName,
        certificate: Certificate.fromCertificateArn(this, 'ApiCertificate', config.apiDomain.certificateArn),
      });
      // `/api/<path>` on the domain is `<path>` of the stage, as `/api/<path>` of execute-api is.
      new ApiMapping(this, 'ApiMapping', {
        api: this.httpApi,
        domainName: this.customDomain,
        stage: this.stage,
        apiMappingKey: apiStageName,
      });
      this.apiDomainName = config.apiDomain.domainName;
    } else {
      this.apiDomainName = `${this.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
    }
    this.apiUrl = `https://${this.apiDomainName}/${apiStageName}`;

    // CloudFront's origin secret: generated, never in the template (the Web stack passes it to the
    // origin as a dynamic reference); every function reads it once per cold start.
    this.originSecret = new Secret(this, 'OriginSecret', {
      description: 'Consent portal: header value CloudFront adds to API requests (x-portal-origin-verify)',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    acknowledge(this.originSecret, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'Rotating the origin secret means redeploying the Web stack (CloudFront reads it at deploy time) before the functions read the new value: a planned change, not a rotation Lambda.',
      },
    ]);

    // Always the deployed pool's issuer (https://cognito-idp.<region>.amazonaws.com/<pool id>), never
    // a local stand-in; audience = the web client.
    const userAuthorizer = new HttpUserPoolAuthorizer('UserPoolAuthorizer', props.userPool, {
      userPoolClients: [props.webClient],
      authorizerName: 'cognito-user',
    });
    // Council routes: the council pool's access tokens (client credentials). HTTP API checks
    // client_id against the audience when a token has no aud, as Cognito's M2M tokens have none;
    // with no council onboarded the audience names no client, so no token passes.
    const councilAuthorizer = new HttpJwtAuthorizer('CouncilAuthorizer', props.council.issuer, {
      jwtAudience: props.council.clientIds.length ? props.council.clientIds : ['no-council-onboarded'],
      authorizerName: 'cognito-council',
    });

    const baseEnv: Partial<Record<EnvName, string>> = {
      TABLE_NAME: table.tableName,
      UPLOADS_BUCKET: uploads.bucketName,
      USER_POOL_ID: props.userPool.userPoolId,
      USER_POOL_CLIENT_ID: props.webClient.userPoolClientId,
      MAIL_TRANSPORT: 'ses',
      ...(config.mailFrom ? { MAIL_FROM: config.mailFrom } : {}),
    };

    const featuresWithRoutes = [...new Set(routes.map((r) => r.feature))];
    // The captcha's HMAC key: generated, never in the template; read once per cold start.
    if (featuresWithRoutes.some((r) => featureCapabilities[r].includes('captcha'))) {
      this.captchaSecret = new Secret(this, 'CaptchaSecret', {
        description: 'Consent portal: HMAC key signing captcha (ALTCHA) challenges',
        generateSecretString: { passwordLength: 64, excludePunctuation: true },
        removalPolicy: config.prodLike ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      });
      acknowledge(this.captchaSecret, [
        {
          id: 'AwsSolutions-SMG4',
          reason:
            'The captcha HMAC key only signs challenges that expire after 10 minutes; rotating it would need a rotation Lambda for no gain (a new key is one redeploy away and only voids open challenges).',
        },
      ]);
    }
    // The card gateway's REST user and key (Windcave): created empty, filled in by an operator.
    if (featuresWithRoutes.some((r) => featureCapabilities[r].includes('paymentGateway'))) {
      this.paymentGatewaySecret = new Secret(this, 'PaymentGatewaySecret', {
        description:
          'Consent portal: the card gateway REST credentials (JSON: PAYMENT_GATEWAY_USER, PAYMENT_GATEWAY_KEY)',
        generateSecretString: {
          secretStringTemplate: JSON.stringify({ PAYMENT_GATEWAY_USER: '', PAYMENT_GATEWAY_KEY: '' }),
          generateStringKey: 'placeholder',
          excludePunctuation: true,
        },
        removalPolicy: config.prodLike ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      });
      acknowledge(this.paymentGatewaySecret, [
        {
          id: 'AwsSolutions-SMG4',
          reason:
            'The gateway issues and rotates its REST keys; an operator replaces them in the secret when Windcave rotates them.',
        },
      ]);
    }
    // The lookup services' credentials: created with empty fields, filled in by an operator (never
    // in the template); read once per cold start. Locally the sample-data services need none.
    if (featuresWithRoutes.some((r) => featureCapabilities[r].includes('externalLookups'))) {
      this.lookupsSecret = new Secret(this, 'LookupsSecret', {
        description:
          'Consent portal: credentials of NZ Post AddressChecker, LINZ and the LBP register (JSON: NZPOST_CLIENT_ID, NZPOST_CLIENT_SECRET, LINZ_API_KEY, LBP_BASE_URL, LBP_API_KEY)',
        generateSecretString: {
          secretStringTemplate: JSON.stringify({
            NZPOST_CLIENT_ID: '',
            NZPOST_CLIENT_SECRET: '',
            LINZ_API_KEY: '',
            LBP_BASE_URL: '',
            LBP_API_KEY: '',
          }),
          generateStringKey: 'placeholder',
          excludePunctuation: true,
        },
        removalPolicy: config.prodLike ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      });
      acknowledge(this.lookupsSecret, [
        {
          id: 'AwsSolutions-SMG4',
          reason:
            'Third-party API credentials (NZ Post, LINZ, MBIE) are issued and rotated by those providers, not by AWS; an operator replaces them in the secret when the provider rotates them.',
        },
      ]);
    }
    const lookupsMode =
      (this.node.tryGetContext('lookupsMode') as string | undefined) ?? (config.prodLike ? 'live' : 'local');
    if (lookupsMode !== 'local' && lookupsMode !== 'live')
      throw new Error(`Context lookupsMode must be 'local' or 'live', not '${lookupsMode}'`);
    // One scheduled-target Lambda per feature that schedules jobs (infra/stacks/scheduled-targets.ts).
    const scheduledTargets = addScheduledTargets(this, featuresWithRoutes, {
      ...props,
      paymentGatewaySecret: this.paymentGatewaySecret,
      environment: baseEnv,
    });
    this.scheduledTargets = scheduledTargets;
    this.releases = new Releases(this, 'Releases', { stage: config.stage, routes });
    const lambdas = [
      ...new Map(routes.map((r) => [lambdaId(r), { feature: r.feature, lambda: r.lambda }])).entries(),
    ];
    for (const [id, { feature, lambda }] of lambdas) {
      // Only what this Lambda's routes use (docs/deploy.md), not everything its feature does.
      const caps = capabilitiesOf(id);
      const scheduler = caps.includes('scheduler');
      const fn = new PortalFunction(this, `Fn-${id}`, {
        entry: `functions/${feature}/${lambda}.ts`,
        serviceName: `consent-portal-${id}`,
        description: `HTTP API feature: ${id}`,
        timeout: Duration.seconds(15),
        ...(lambdaMemory[id] ? { memorySize: lambdaMemory[id] } : {}),
        // The local lookup services' sample data, read at first use; beside the bundle, not in it
        // (functions/platform/adapters/lookups/sample-data.ts). Shipped in every stage: the mode is
        // chosen at run time (LOOKUPS_MODE and the per-service variables).
        ...(caps.includes('externalLookups') ? { files: sampleDataBundleFiles } : {}),
        // The OpenAPI document the site serves, beside its bundle (functions/site/openapi-document.ts).
        ...(feature === 'site' ? { files: openApiBundleFiles } : {}),
        environment: {
          ...baseEnv,
          ...(scheduler
            ? {
                SCHEDULER_GROUP: props.scheduleGroup.scheduleGroupName,
                SCHEDULER_ROLE_ARN: props.schedulerRole.roleArn,
                ...(scheduledTargets[feature]
                  ? { SCHEDULER_TARGET_ARN: scheduledTargets[feature].functionArn }
                  : {}),
              }
            : {}),
          ORIGIN_VERIFY_SECRET_ARN: this.originSecret.secretArn,
          // The named rate limits (functions/platform/rate-limit.ts): registration, look-ups, invite to pay.
          ...(config.rateLimits ? { RATE_LIMITS: config.rateLimits } : {}),
          // The council Lambdas check a council token's issuer again (functions/platform/caller.ts).
          ...(routes.some((r) => lambdaId(r) === id && r.access.caller === 'council')
            ? { COUNCIL_ISSUER: props.council.issuer }
            : {}),
          ...(caps.includes('captcha') && this.captchaSecret
            ? { CAPTCHA_HMAC_SECRET_ARN: this.captchaSecret.secretArn }
            : {}),
          ...(caps.includes('paymentGateway') && this.paymentGatewaySecret
            ? {
                PAYMENT_GATEWAY_URL: config.paymentGatewayUrl,
                PAYMENT_GATEWAY_SECRET_ARN: this.paymentGatewaySecret.secretArn,
              }
            : {}),
          ...(caps.includes('webhookDelivery') && props.webhookDeliveryFunction
            ? { COUNCIL_WEBHOOK_DELIVERY_FUNCTION: props.webhookDeliveryFunction.functionName }
            : {}),
          ...(caps.includes('externalLookups') && this.lookupsSecret
            ? {
                LOOKUPS_MODE: lookupsMode,
                LOOKUPS_SECRET_ARN: this.lookupsSecret.secretArn,
                LOOKUPS_TIMEOUT_MS: '5000',
              }
            : {}),
        },
      });
      this.functions[id] = fn;
      // One integration per function, with one API-wide invoke permission: a permission per route
      // would outgrow the function's resource policy (20 KB) as the route table grows. It invokes
      // the live alias, which CodeDeploy shifts to a new version as a canary.
      const live = this.releases.release(id, fn, feature);
      this.integrations[id] = new HttpLambdaIntegration(`Integration-${id}`, live, {
        scopePermissionToRoute: false,
      });
      grantFeature(this, fn, feature, caps, {
        ...props,
        originSecret: this.originSecret,
        captchaSecret: this.captchaSecret,
        lookupsSecret: this.lookupsSecret,
        paymentGatewaySecret: this.paymentGatewaySecret,
        webhookDeliveryFunction: props.webhookDeliveryFunction,
      });
    }

    // Per-route throttles on top of the stage's: the public calls that send mail or check a
    // code, account-wide (the limits per address and per client are the functions' own).
    const routeSettings: Record<string, unknown> = {};
    for (const route of routes) {
      const r = this.addRoute(route, userAuthorizer, councilAuthorizer);
      const throttle = routeThrottles[routeKey(route)];
      if (throttle) {
        routeSettings[routeKey(route)] = {
          ThrottlingRateLimit: throttle.rateLimit,
          ThrottlingBurstLimit: throttle.burstLimit,
        };
        // A route's settings need the route.
        this.stage.node.addDependency(r);
      }
    }
    (this.stage.node.defaultChild as CfnStage).routeSettings = routeSettings;

    new CfnOutput(this, 'ApiUrl', { value: this.apiUrl });
  }

  private addRoute(
    route: RouteDef,
    userAuthorizer: IHttpRouteAuthorizer,
    councilAuthorizer: IHttpRouteAuthorizer,
  ): HttpRoute {
    const integration = this.integrations[lambdaId(route)];
    if (!integration) throw new Error(`No function for ${lambdaId(route)}`);
    let authorizer: IHttpRouteAuthorizer | undefined;
    let authorizationScopes: string[] | undefined;
    switch (route.caller) {
      case 'public':
        authorizer = undefined;
        break;
      case 'user':
        authorizer = userAuthorizer;
        break;
      case 'council': {
        authorizer = councilAuthorizer;
        const scope = routeScope(route);
        authorizationScopes = scope ? [scope] : undefined;
        break;
      }
      default:
        // A caller kind this switch does not know: refuse to publish its routes unauthenticated.
        throw new Error(
          `Route ${routeKey(route)} has caller '${route.caller}', which the API stack does not support yet.`,
        );
    }
    const id = `Route ${routeKey(route)}`;
    const r = new HttpRoute(this, id, {
      httpApi: this.httpApi,
      routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
      integration,
      authorizer,
      ...(authorizationScopes ? { authorizationScopes } : {}),
    });
    if (route.caller === 'public') {
      acknowledge(r, [
        {
          id: 'AwsSolutions-APIG4',
          reason: `${routeKey(route)} is public in the spec (signed-out caller); the route table marks it caller 'public'.`,
        },
      ]);
    }
    return r;
  }
}

/** `'METHOD /path'` of every route in a synthesised ApiStack template (for the route-table test). */
export function routeKeysOfTemplate(template: {
  findResources(type: string): Record<string, { Properties?: { RouteKey?: unknown } }>;
}): string[] {
  return Object.values(template.findResources('AWS::ApiGatewayV2::Route'))
    .map((r) => r.Properties?.RouteKey)
    .filter((k): k is string => typeof k === 'string')
    .sort();
}

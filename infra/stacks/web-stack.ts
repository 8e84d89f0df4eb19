import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { contentSecurityPolicy as buildCsp } from '../csp.js';
import { readSiteDetails, siteRuntimeConfig } from '../site.js';
import { LINZ_BASEMAPS_ORIGIN } from '../../shared/domain/site-map.js';
import { ASSETS_CACHE_CONTROL, ASSETS_PATH_PATTERN, REVALIDATE_CACHE_CONTROL } from '../web-cache.js';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CfFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  type ResponseSecurityHeadersBehavior,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source, type ISource } from 'aws-cdk-lib/aws-s3-deployment';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { ORIGIN_VERIFY_HEADER, VIEWER_IP_HEADER } from '../../functions/platform/http/edge.js';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { acknowledge, lambdaBasicExecutionPolicy } from '../constructs/nag.js';
import { BrowserErrors } from '../constructs/browser-errors.js';
import type { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import { webUrlParameterName, type PortalConfig } from './config.js';
import { ACCESS_LOG_PREFIX } from './edge-logs-stack.js';

export interface WebStackProps extends StackProps {
  config: PortalConfig;
  /** `<id>.execute-api.<region>.amazonaws.com` (the HTTP API; its stage is `api`). */
  apiDomainName: string;
  userPoolId: string;
  userPoolClientId: string;
  /** `https://cognito-idp.<region>.amazonaws.com` */
  cognitoEndpoint: string;
  /** `<bucket>.s3.<region>.amazonaws.com`: presigned uploads and downloads go straight to it. */
  uploadsDomainName: string;
  /** The uploads bucket's name and ARN: the Web stack sets its CORS to the portal's own origins. */
  uploadsBucketName: string;
  uploadsBucketArn: string;
  /** The value CloudFront adds to every /api/* request as ORIGIN_VERIFY_HEADER (the Api stack's secret). */
  originSecret: ISecret;
  /** The WAF web ACL (CLOUDFRONT scope, us-east-1: infra/stacks/waf-stack.ts). */
  webAclArn: string;
}

/** The strict Content-Security-Policy of the SPA in AWS (infra/csp.ts builds it for both sides). */
export function contentSecurityPolicy(p: {
  cognitoEndpoint: string;
  uploadsDomainName: string;
  /** The stack's region when browser error reporting is on (RUM and Cognito identity there). */
  rumRegion?: string;
  /** A maps key is configured: the site map's tiles come from LINZ Basemaps. */
  mapTiles?: boolean;
}): string {
  return buildCsp({
    cognitoOrigin: p.cognitoEndpoint,
    uploadsOrigin: `https://${p.uploadsDomainName}`,
    rumRegion: p.rumRegion,
    mapTilesOrigin: p.mapTiles ? LINZ_BASEMAPS_ORIGIN : undefined,
    upgradeInsecureRequests: true,
  });
}

/**
 * Rewrites SPA routes (a last path segment without a dot) to /index.html. Done on viewer request
 * of the S3 behaviour only: distribution-wide error responses (403/404 → /index.html) would also
 * rewrite the API's own 403/404 error bodies into 200 HTML.
 */
const spaRewrite = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/**
 * Sets the viewer's address for the API (functions/platform/http/edge.ts: the rate limits per
 * client), overwriting whatever the client sent in that header.
 */
const viewerAddress = `function handler(event) {
  var request = event.request;
  request.headers['${VIEWER_IP_HEADER}'] = { value: event.viewer.ip };
  return request;
}`;

/** The SPA bucket, the CloudFront distribution (S3 + /api/*) and the runtime config.json. */
export class WebStack extends Stack {
  readonly distribution: Distribution;
  readonly siteBucket: Bucket;
  /** Where the distribution's access logs go (infra/stacks/edge-logs-stack.ts). */
  readonly logBucket: Bucket;
  readonly webUrl: string;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.siteBucket = new Bucket(this, 'Site', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // The distribution's access logs (standard logging v2, infra/stacks/edge-logs-stack.ts: only the
    // fields chosen there, never the query string) are written by the log delivery service, without
    // ACLs; legacy standard logging is off, as it always logs the query string (docs/deploy.md).
    const logs = new Bucket(this, 'Logs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ expiration: Duration.days(config.prodLike ? 365 : 90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.logBucket = logs;
    logs.addToResourcePolicy(
      new PolicyStatement({
        sid: 'AccessLogDelivery',
        principals: [new ServicePrincipal('delivery.logs.amazonaws.com')],
        actions: ['s3:PutObject'],
        resources: [logs.arnForObjects(`${ACCESS_LOG_PREFIX}/*`)],
        conditions: {
          StringEquals: { 'aws:SourceAccount': this.account, 's3:x-amz-acl': 'bucket-owner-full-control' },
        },
      }),
    );
    acknowledge(logs, [
      {
        id: 'AwsSolutions-S1',
        reason:
          'This bucket receives the access logs of the distribution and the site bucket; logging it into itself would loop.',
      },
    ]);
    // Site-bucket access is logged by CloudFront (every read goes through the distribution).
    acknowledge(this.siteBucket, [
      {
        id: 'AwsSolutions-S1',
        reason:
          'The site bucket is only reachable through CloudFront (OAC); requests are logged by the distribution access logs.',
      },
    ]);

    const securityHeadersBehavior: ResponseSecurityHeadersBehavior = {
      contentSecurityPolicy: {
        contentSecurityPolicy: contentSecurityPolicy({
          ...props,
          rumRegion: config.rum ? this.region : undefined,
          mapTiles: config.mapsKey !== undefined,
        }),
        override: true,
      },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.days(730),
        includeSubdomains: true,
        preload: true,
        override: true,
      },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      referrerPolicy: {
        referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
        override: true,
      },
    };
    // The API's responses: security headers only (each route sets its own caching).
    const headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Consent portal: strict CSP, HSTS, nosniff, referrer policy, no framing',
      securityHeadersBehavior,
    });
    // The SPA: the same headers plus browser caching (infra/web-cache.ts). S3 objects carry no
    // Cache-Control of their own; hashed /assets/* are kept a year, the rest revalidated.
    const siteHeaders = (id: string, cacheControl: string, what: string) =>
      new ResponseHeadersPolicy(this, id, {
        comment: `Consent portal ${what}: security headers, Cache-Control ${cacheControl}`,
        securityHeadersBehavior,
        customHeadersBehavior: {
          customHeaders: [{ header: 'Cache-Control', value: cacheControl, override: true }],
        },
      });
    const pageHeaders = siteHeaders('PageHeaders', REVALIDATE_CACHE_CONTROL, 'pages');
    const assetHeaders = siteHeaders('AssetHeaders', ASSETS_CACHE_CONTROL, 'hashed assets');
    const site = S3BucketOrigin.withOriginAccessControl(this.siteBucket);

    const rewrite = new CfFunction(this, 'SpaRewrite', {
      code: FunctionCode.fromInline(spaRewrite),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'SPA routes → /index.html',
    });

    const viewerIp = new CfFunction(this, 'ViewerAddress', {
      code: FunctionCode.fromInline(viewerAddress),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'API requests: the viewer address header',
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Consent portal (${config.stage})`,
      webAclId: props.webAclArn,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_ALL,
      // CACHING_OPTIMIZED accepts gzip and brotli: with compress, CloudFront sends either as the
      // viewer asks (the local stand-in does the same: infra/local/web-static.ts).
      defaultBehavior: {
        origin: site,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: pageHeaders,
        compress: true,
        functionAssociations: [{ function: rewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        // Vite's content-hashed files: no SPA rewrite (a missing asset is a 404, not index.html).
        [ASSETS_PATH_PATTERN]: {
          origin: site,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: assetHeaders,
          compress: true,
        },
        '/api/*': {
          origin: new HttpOrigin(props.apiDomainName, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
            // The API refuses any request without it: only CloudFront's requests reach a handler.
            // A dynamic reference ({{resolve:secretsmanager:...}}): the value is not in the template.
            customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originSecret.secretValue.unsafeUnwrap() },
          }),
          functionAssociations: [{ function: viewerIp, eventType: FunctionEventType.VIEWER_REQUEST }],
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers,
          compress: true,
        },
      },
    });
    this.webUrl = config.webUrl ?? `https://${this.distribution.distributionDomainName}`;
    // Read at run time by Cognito's CustomMessage trigger (Auth stack) for the links in its mail.
    new StringParameter(this, 'WebUrlParameter', {
      parameterName: webUrlParameterName(config.stage),
      stringValue: this.webUrl,
      description: 'Consent portal web URL (links in Cognito mail)',
    });

    acknowledge(this.distribution, [
      {
        id: 'AwsSolutions-CFR4',
        reason:
          'The distribution uses the default *.cloudfront.net certificate, for which CloudFront fixes the minimum viewer protocol; a custom domain with an ACM certificate (TLSv1.2_2021) comes with the domain issue.',
      },
      {
        id: 'AwsSolutions-CFR1',
        reason: 'The portal serves New Zealand applicants who may be abroad; no geo restriction in the spec.',
      },
      {
        id: 'AwsSolutions-CFR3',
        reason:
          'Access logs are on, through standard logging v2 (the EdgeLogs stack in us-east-1, infra/stacks/edge-logs-stack.ts) to the Logs bucket; the legacy setting this rule reads is off because it always logs the query string (docs/deploy.md).',
      },
    ]);

    // Browser error reporting (docs/browser-errors.md): an app monitor for the SPA's domains.
    const browserErrors = config.rum
      ? new BrowserErrors(this, 'BrowserErrors', {
          stage: config.stage,
          domains: [
            ...new Set([
              this.distribution.distributionDomainName,
              ...(config.webUrl ? [new URL(config.webUrl).hostname] : []),
            ]),
          ],
          errorSampleRate: config.rumErrorSampleRate,
        })
      : undefined;

    // Runtime configuration read by the SPA at start: never a local Cognito endpoint here.
    const runtimeConfig = {
      apiUrl: '/api',
      region: this.region,
      userPoolId: props.userPoolId,
      userPoolClientId: props.userPoolClientId,
      authFlowType: 'USER_SRP_AUTH',
      // The operator's links and support contact (infra/site.json), the same as the local stack's;
      // the map's centre from there and the deploy's maps key (context mapsKey).
      ...siteRuntimeConfig(readSiteDetails(config.siteDetailsFile), config.mapsKey),
      ...(browserErrors ? { rum: browserErrors.runtimeConfig } : {}),
    };
    const sources: ISource[] = [];
    if (existsSync(config.webDistPath)) {
      sources.push(Source.asset(config.webDistPath));
    } else {
      console.warn(
        `[WebStack] ${config.webDistPath} does not exist: the SPA is not deployed (run \`npm run build:web\` first). Only config.json is deployed.`,
      );
    }
    sources.push(Source.jsonData('config.json', runtimeConfig));
    new BucketDeployment(this, 'DeploySite', {
      sources,
      destinationBucket: this.siteBucket,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
      // Without the built SPA keep whatever is already in the bucket.
      prune: existsSync(config.webDistPath),
    });
    // The provider Lambda is a stack-level singleton created by BucketDeployment.
    const provider = this.node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (!provider) throw new Error('BucketDeployment provider function not found: its construct id changed');
    acknowledge(provider, [
      {
        id: 'AwsSolutions-IAM4',
        reason:
          'CDK BucketDeployment provider Lambda (Custom::CDKBucketDeployment): AWSLambdaBasicExecutionRole gives it CloudWatch Logs only.',
        appliesTo: [lambdaBasicExecutionPolicy],
      },
      {
        id: 'AwsSolutions-IAM5',
        reason:
          'CDK BucketDeployment provider Lambda: copies the asset objects into the site bucket (`<bucket>/*`, s3 action groups) and creates CloudFront invalidations (no resource-level permission).',
        appliesTo: [
          'Action::s3:GetObject*',
          'Action::s3:GetBucket*',
          'Action::s3:List*',
          'Action::s3:DeleteObject*',
          'Action::s3:Abort*',
          /^Resource::<Site[0-9A-F]{8}\.Arn>\/\*$/,
          /^Resource::arn:<AWS::Partition>:s3:::cdk-[a-z0-9]+-assets-<AWS::AccountId>-[a-z0-9-]+\/\*$/,
          'Resource::*',
        ],
      },
      {
        id: 'AwsSolutions-L1',
        reason: 'The BucketDeployment provider runtime is chosen by aws-cdk-lib, not by this project.',
      },
    ]);

    this.uploadsCors(props, config);

    new CfnOutput(this, 'WebUrl', { value: this.webUrl });
  }

  /**
   * The uploads bucket's CORS: browsers may PUT and GET presigned URLs from the portal's own origins
   * only (this distribution, webUrl, and the configured extra origins), not from every
   * `*.cloudfront.net` site. The bucket is made before the distribution, so it is set here.
   */
  private uploadsCors(props: WebStackProps, config: PortalConfig) {
    const origins = [
      ...new Set([
        `https://${this.distribution.distributionDomainName}`,
        ...(config.webUrl ? [new URL(config.webUrl).origin] : []),
        ...config.uploadsCorsOrigins,
      ]),
    ];
    const cors = new AwsCustomResource(this, 'UploadsCors', {
      onUpdate: {
        service: 'S3',
        action: 'PutBucketCors',
        parameters: {
          Bucket: props.uploadsBucketName,
          CORSConfiguration: {
            CORSRules: [
              {
                // POST and DELETE: a large file's multipart completion and abort (docs/documents.md).
                AllowedMethods: ['PUT', 'GET', 'HEAD', 'POST', 'DELETE'],
                AllowedOrigins: origins,
                AllowedHeaders: ['*'],
                ExposeHeaders: ['ETag'],
                MaxAgeSeconds: 3000,
              },
            ],
          },
        },
        physicalResourceId: PhysicalResourceId.of(`${props.uploadsBucketName}-cors`),
      },
      policy: AwsCustomResourcePolicy.fromStatements([
        new PolicyStatement({ actions: ['s3:PutBucketCORS'], resources: [props.uploadsBucketArn] }),
      ]),
      installLatestAwsSdk: false,
    });
    // The provider Lambda is a stack-level singleton created by AwsCustomResource.
    const provider = this.node.children.find((c) =>
      c.node.id.startsWith('AWS679f53fac002430cb0da5b7982bd228'),
    );
    if (!provider) throw new Error('AwsCustomResource provider function not found: its construct id changed');
    acknowledge(provider, [
      {
        id: 'AwsSolutions-IAM4',
        reason:
          'CDK AwsCustomResource provider Lambda: AWSLambdaBasicExecutionRole gives it CloudWatch Logs only.',
        appliesTo: [lambdaBasicExecutionPolicy],
      },
      {
        id: 'AwsSolutions-L1',
        reason: 'The AwsCustomResource provider runtime is chosen by aws-cdk-lib, not by this project.',
      },
    ]);
    return cors;
  }
}

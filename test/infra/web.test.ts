import { Match, type Template } from 'aws-cdk-lib/assertions';
import { readSiteDetails } from '../../infra/site';
import type { App } from 'aws-cdk-lib';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, propsOf, sharedTestApp, template } from './helpers.js';

type Behavior = Record<string, unknown>;

describe('WebStack', () => {
  let t: Template;
  let app: App;
  let dist: Record<string, unknown>;
  beforeAll(() => {
    const built = sharedTestApp();
    app = built.app;
    t = template(built.stacks.web);
    dist = propsOf(t, 'AWS::CloudFront::Distribution')[0]!.DistributionConfig as Record<string, unknown>;
  });

  it('keeps the site bucket private (no website hosting) and reads it through Origin Access Control', () => {
    t.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: Match.objectLike({
        BlockPublicPolicy: true,
        RestrictPublicBuckets: true,
      }),
      WebsiteConfiguration: Match.absent(),
    });
    t.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    t.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({
        OriginAccessControlOriginType: 's3',
        SigningBehavior: 'always',
      }),
    });
    const origins = dist.Origins as Record<string, unknown>[];
    const s3 = origins.find((o) => o.S3OriginConfig)!;
    expect(s3.OriginAccessControlId).toBeDefined();
  });

  it('serves SPA routes from /index.html without rewriting API errors', () => {
    expect(dist.DefaultRootObject).toBe('index.html');
    // Distribution-wide error responses would turn the API's 403/404 into 200 HTML.
    expect(dist.CustomErrorResponses).toBeUndefined();
    const fn = propsOf(t, 'AWS::CloudFront::Function')[0]!;
    const code = fn.FunctionCode as string;
    const handler = new Function(`${code}; return handler;`)() as (e: { request: { uri: string } }) => {
      uri: string;
    };
    expect(handler({ request: { uri: '/application-form/12/step/3' } }).uri).toBe('/index.html');
    expect(handler({ request: { uri: '/' } }).uri).toBe('/index.html');
    expect(handler({ request: { uri: '/assets/index-abc.js' } }).uri).toBe('/assets/index-abc.js');
    expect(handler({ request: { uri: '/config.json' } }).uri).toBe('/config.json');
    const def = dist.DefaultCacheBehavior as Behavior;
    expect(def.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.any(String), 'FunctionARN'] } },
    ]);
  });

  it('forwards /api/* to the HTTP API: no caching, all viewer headers but Host, all methods, HTTPS', () => {
    const behaviors = dist.CacheBehaviors as Behavior[];
    expect(behaviors.map((b) => b.PathPattern)).toEqual(['/assets/*', '/api/*']);
    const api = behaviors.find((b) => b.PathPattern === '/api/*')!;
    expect(api).toMatchObject({
      PathPattern: '/api/*',
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
      ViewerProtocolPolicy: 'https-only',
    });
    // One viewer-request function: the viewer address for the API (test/infra/security.test.ts).
    expect(api.FunctionAssociations).toEqual([expect.objectContaining({ EventType: 'viewer-request' })]);
    const origin = (dist.Origins as Record<string, unknown>[]).find((o) => o.Id === api.TargetOriginId)!;
    expect(origin.CustomOriginConfig).toMatchObject({
      OriginProtocolPolicy: 'https-only',
      OriginSSLProtocols: ['TLSv1.2'],
    });
    expect(origin.OriginPath).toBeUndefined();
    expect(JSON.stringify(origin.DomainName)).toContain('.execute-api.ap-southeast-2.');
  });

  it('sends a strict CSP, HSTS, nosniff, a referrer policy and frame denial', () => {
    const policy = propsOf(t, 'AWS::CloudFront::ResponseHeadersPolicy')[0]!.ResponseHeadersPolicyConfig as {
      SecurityHeadersConfig: Record<string, Record<string, unknown>>;
    };
    const h = policy.SecurityHeadersConfig;
    const csp = JSON.stringify(h.ContentSecurityPolicy!.ContentSecurityPolicy);
    for (const directive of [
      "default-src 'self'",
      "img-src 'self' data: blob:",
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "connect-src 'self' https://cognito-idp.ap-southeast-2.",
    ]) {
      expect(csp).toContain(directive);
    }
    // Presigned uploads and downloads go straight to the uploads bucket.
    expect(csp).toMatch(/ https:\/\/",\{"Fn::ImportValue":"[^"]*Uploads[^"]*RegionalDomainName/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(h.StrictTransportSecurity).toMatchObject({ IncludeSubdomains: true, Override: true });
    expect(Number(h.StrictTransportSecurity!.AccessControlMaxAgeSec)).toBeGreaterThanOrEqual(31536000);
    expect(h.ContentTypeOptions).toEqual({ Override: true });
    expect(h.ReferrerPolicy).toMatchObject({ ReferrerPolicy: 'strict-origin-when-cross-origin' });
    expect(h.FrameOptions).toMatchObject({ FrameOption: 'DENY' });
    // Every behaviour sends them: the API's, the pages' and the hashed assets' policies.
    const policies = propsOf(t, 'AWS::CloudFront::ResponseHeadersPolicy');
    expect(policies).toHaveLength(3);
    for (const p of policies)
      expect(
        (p.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: unknown }).SecurityHeadersConfig,
      ).toEqual(h);
    const def = dist.DefaultCacheBehavior as Behavior;
    expect(def.ResponseHeadersPolicyId).toEqual({ Ref: expect.stringMatching(/^PageHeaders/) });
    const api = (dist.CacheBehaviors as Behavior[]).find((b) => b.PathPattern === '/api/*')!;
    expect(api.ResponseHeadersPolicyId).toEqual({ Ref: expect.stringMatching(/^SecurityHeaders/) });
  });

  it('compresses (gzip and brotli) and caches as the local web server does: hashed assets a year, pages revalidated', () => {
    const cacheControlOf = (b: Behavior) => {
      const ref = (b.ResponseHeadersPolicyId as { Ref: string }).Ref;
      const policy = t.toJSON().Resources[ref].Properties.ResponseHeadersPolicyConfig as {
        CustomHeadersConfig?: { Items: { Header: string; Value: string; Override: boolean }[] };
      };
      return policy.CustomHeadersConfig?.Items.find((i) => i.Header === 'Cache-Control');
    };
    const def = dist.DefaultCacheBehavior as Behavior;
    const assets = (dist.CacheBehaviors as Behavior[]).find((b) => b.PathPattern === '/assets/*')!;
    for (const b of [def, assets]) {
      // Managed-CachingOptimized: gzip and brotli in the cache key, so compressed objects are served.
      expect(b).toMatchObject({ CachePolicyId: '658327ea-f89d-4fab-a63d-7e88639e58f6', Compress: true });
    }
    expect(cacheControlOf(def)).toEqual({ Header: 'Cache-Control', Value: 'no-cache', Override: true });
    expect(cacheControlOf(assets)).toEqual({
      Header: 'Cache-Control',
      Value: 'public, max-age=31536000, immutable',
      Override: true,
    });
    // The assets come from the same bucket, without the SPA rewrite (a missing chunk is no page).
    expect(assets.TargetOriginId).toBe(def.TargetOriginId);
    expect(assets.FunctionAssociations).toBeUndefined();
    expect(assets.AllowedMethods).toEqual(['GET', 'HEAD']);
    // The API's answers are not cached by CloudFront; they are compressed too.
    const api = (dist.CacheBehaviors as Behavior[]).find((b) => b.PathPattern === '/api/*')!;
    expect(api.Compress).toBe(true);
    expect(cacheControlOf(api)).toBeUndefined();
  });

  it('serves viewers over HTTP/2 and 3, as the Lighthouse bench measures (test/bench/h2-front.ts)', () => {
    expect(dist.HttpVersion).toBe('http2and3');
  });

  // docs/architecture.md: a bearer secret in a URL's query (a payer link, an unsubscribe link) must not
  // sit in the access logs for a year. Legacy standard logging always writes cs-uri-query (and the
  // Referer, which holds the page's own query); standard logging v2 logs only the fields chosen.
  describe('access logs (standard logging v2, no query strings)', () => {
    let edge: Template;
    beforeAll(() => {
      edge = template(sharedTestApp().stacks.edgeLogs);
    });

    it('has no legacy logging, which cannot leave the query string out', () => {
      expect(dist.Logging).toBeUndefined();
    });

    it("delivers the distribution's access logs (us-east-1, as CloudFront requires) to the Web stack's log bucket", () => {
      const source = propsOf(edge, 'AWS::Logs::DeliverySource')[0]!;
      expect(source).toMatchObject({ LogType: 'ACCESS_LOGS' });
      expect(JSON.stringify(source.ResourceArn)).toMatch(/cloudfront|Distribution/);
      const destination = propsOf(edge, 'AWS::Logs::DeliveryDestination')[0]!;
      expect(JSON.stringify(destination.DestinationResourceArn)).toMatch(/Logs.*cloudfront|cloudfront/);
      edge.resourceCountIs('AWS::Logs::Delivery', 1);
      // The log bucket lets the log delivery service write there, from this account only.
      const policy = JSON.stringify(propsOf(t, 'AWS::S3::BucketPolicy'));
      expect(policy).toContain('delivery.logs.amazonaws.com');
      expect(policy).toContain('aws:SourceAccount');
    });

    it('logs no query string, no cookie and no Referer (a page URL with its query), but what an audit needs', () => {
      const fields = propsOf(edge, 'AWS::Logs::Delivery')[0]!.RecordFields as string[];
      for (const secret of ['cs-uri-query', 'cs(Cookie)', 'cs(Referer)'])
        expect(fields).not.toContain(secret);
      expect(fields).toEqual(
        expect.arrayContaining([
          'date',
          'time',
          'c-ip',
          'cs-method',
          'cs-uri-stem',
          'sc-status',
          'x-edge-request-id',
        ]),
      );
    });
  });

  it('deploys web/dist and a config.json with the pool ids and USER_SRP_AUTH (no local endpoint)', () => {
    const dep = propsOf(t, 'Custom::CDKBucketDeployment')[0]!;
    expect(dep.SourceObjectKeys as unknown[]).toHaveLength(2);
    expect(dep.Prune).toBe(true);
    expect(dep.DistributionPaths).toEqual(['/*']);
    // config.json is staged as an asset with deploy-time markers for the pool ids.
    const assembly = app.synth();
    const configs = readdirSync(assembly.directory)
      .filter((d) => d.startsWith('asset.'))
      .map((d) => path.join(assembly.directory, d, 'config.json'))
      .filter((f) => existsSync(f));
    expect(configs).toHaveLength(1);
    const config = JSON.parse(readFileSync(configs[0]!, 'utf8')) as Record<string, string>;
    expect(Object.keys(config).sort()).toEqual([
      'apiUrl',
      'authFlowType',
      'flags',
      'map',
      'onlineHelpUrl',
      'privacyUrl',
      'region',
      'rum',
      'support',
      'termsUrl',
      'userPoolClientId',
      'userPoolId',
    ]);
    expect(config).toMatchObject({ apiUrl: '/api', region: 'ap-southeast-2', authFlowType: 'USER_SRP_AUTH' });
    // The operator's links and support contact come from infra/site.json, as in the local stack.
    expect(config).toMatchObject(readSiteDetails());
    // The map's centre and zoom from there; no maps key configured: no key, the offline map.
    expect(config.map).toEqual(readSiteDetails().map);
    expect(config.userPoolId).toMatch(/^<<marker:/);
    expect(config.userPoolClientId).toMatch(/^<<marker:/);
    const markers = JSON.stringify(dep.SourceMarkers);
    expect(markers).toContain('ExportsOutputRefUserPool');
    expect(markers).toContain('ExportsOutputRefUserPoolWebClient');
  });

  it('a maps key (context mapsKey) goes into config.json and lets the CSP reach LINZ Basemaps', () => {
    const cspOf = (tpl: Template) =>
      JSON.stringify(
        (
          propsOf(tpl, 'AWS::CloudFront::ResponseHeadersPolicy')[0]!.ResponseHeadersPolicyConfig as {
            SecurityHeadersConfig: { ContentSecurityPolicy: { ContentSecurityPolicy: unknown } };
          }
        ).SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy,
      );
    expect(cspOf(t)).not.toContain('basemaps');
    const keyed = buildTestApp({ config: { mapsKey: 'c01h3wgs0g0vbcfm6ph0nf5yb1d' } });
    const csp = cspOf(template(keyed.stacks.web));
    expect(csp).toMatch(/connect-src [^;]*https:\/\/basemaps\.linz\.govt\.nz/);
    expect(csp).toMatch(/img-src [^;]*https:\/\/basemaps\.linz\.govt\.nz/);
    const assembly = keyed.app.synth();
    const [file] = readdirSync(assembly.directory)
      .filter((d) => d.startsWith('asset.'))
      .map((d) => path.join(assembly.directory, d, 'config.json'))
      .filter((f) => existsSync(f));
    const config = JSON.parse(readFileSync(file!, 'utf8')) as { map: unknown };
    expect(config.map).toEqual({ ...readSiteDetails().map, key: 'c01h3wgs0g0vbcfm6ph0nf5yb1d' });
  });

  it('deploys only config.json, with a warning, when web/dist is missing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const web = template(
      buildTestApp({ config: { webDistPath: path.join(tmpdir(), 'no-such-web-dist') } }).stacks.web,
    );
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('no-such-web-dist'));
    warn.mockRestore();
    const dep = propsOf(web, 'Custom::CDKBucketDeployment')[0]!;
    expect(dep.SourceObjectKeys as unknown[]).toHaveLength(1);
    expect(dep.Prune).toBe(false);
  });

  it('outputs WebUrl', () => {
    expect(JSON.stringify(t.findOutputs('WebUrl').WebUrl)).toContain('https://');
  });

  it("writes its URL to the SSM parameter Cognito's CustomMessage trigger reads (a custom webUrl wins)", () => {
    t.resourceCountIs('AWS::SSM::Parameter', 1);
    const param = propsOf(t, 'AWS::SSM::Parameter')[0]!;
    expect(param.Name).toBe('/consent-portal/dev/web-url');
    expect(param.Type).toBe('String');
    expect(JSON.stringify(param.Value)).toMatch(/https:\/\/.*Distribution.*DomainName/);
    const custom = template(buildTestApp({ context: { webUrl: 'https://portal.example.nz' } }).stacks.web);
    custom.hasResourceProperties('AWS::SSM::Parameter', { Value: 'https://portal.example.nz' });
  });

  describe('uploads CORS (docs/architecture.md)', () => {
    const corsOf = (tpl: Template) => {
      const [res] = Object.values(tpl.findResources('Custom::AWS'));
      const create = JSON.stringify((res as { Properties: Record<string, unknown> }).Properties);
      return create;
    };

    it('lets only the portal’s own distribution PUT and GET presigned URLs, with ETag exposed', () => {
      const cors = corsOf(t);
      expect(cors).toContain('PutBucketCors');
      expect(cors).toContain('https://');
      expect(cors).toContain('DomainName');
      expect(cors).toContain('ETag');
      expect(cors).not.toContain('*.cloudfront.net');
      // A large file's parts (PUT), their list (GET), completion (POST) and abort (DELETE).
      expect(cors).toMatch(/AllowedMethods[^\]]*PUT[^\]]*GET[^\]]*POST[^\]]*DELETE/);
      // Only PutBucketCORS on the uploads bucket.
      const policies = Object.values(t.findResources('AWS::IAM::Policy')).map((p) => JSON.stringify(p));
      const corsPolicy = policies.find((p) => p.includes('s3:PutBucketCORS'))!;
      expect(corsPolicy).toBeDefined();
      expect(corsPolicy).not.toContain('"Resource":"*"');
    });

    it('adds webUrl’s origin and the configured extra origins', () => {
      const custom = template(
        buildTestApp({
          context: { webUrl: 'https://portal.example.nz/app', webOrigins: 'https://staging.example.nz' },
        }).stacks.web,
      );
      const cors = corsOf(custom);
      expect(cors).toContain('https://portal.example.nz');
      expect(cors).not.toContain('https://portal.example.nz/app');
      expect(cors).toContain('https://staging.example.nz');
    });
  });
});

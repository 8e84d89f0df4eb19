/**
 * docs/security.md in the synthesised templates: the WAF web ACL (us-east-1) and its
 * association, CloudFront's origin secret and viewer address on /api/*, the custom API domain that
 * disables the execute-api endpoint, the throttles, and each API Lambda's IAM: exactly what its
 * routes use.
 */
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { lambdaId, routes } from '../../functions/routes.js';
import { ORIGIN_VERIFY_HEADER, VIEWER_IP_HEADER } from '../../functions/platform/http/edge.js';
import { routeThrottles, stageThrottle } from '../../infra/stacks/api-stack.js';
import { BODY_SIZE_LABEL, DEFAULT_WAF_RATE_LIMIT } from '../../infra/stacks/index.js';
import { buildTestApp, propsOf, sharedTestApp, template } from './helpers.js';
import { actionsOf, policyOf } from './iam.js';

type Props = Record<string, unknown>;

describe('WAF on CloudFront', () => {
  let waf: Template;
  let wafRegion: string;
  let dist: Props;
  beforeAll(() => {
    const { stacks } = sharedTestApp();
    waf = template(stacks.waf);
    wafRegion = stacks.waf.region;
    dist = propsOf(template(stacks.web), 'AWS::CloudFront::Distribution')[0]!.DistributionConfig as Props;
  });

  it('is a CLOUDFRONT web ACL in us-east-1 that allows by default', () => {
    expect(wafRegion).toBe('us-east-1');
    const [acl] = propsOf(waf, 'AWS::WAFv2::WebACL');
    expect(acl).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
  });

  it('rate-limits per address, then the common and known-bad-inputs rule sets, in that order', () => {
    const rules = propsOf(waf, 'AWS::WAFv2::WebACL')[0]!.Rules as Props[];
    expect(rules.map((r) => [r.Priority, r.Name])).toEqual([
      [0, 'RateLimitPerIp'],
      [1, 'AWSManagedRulesCommonRuleSet'],
      [2, 'BodySizeOutsideApi'],
      [3, 'AWSManagedRulesKnownBadInputsRuleSet'],
    ]);
    expect(rules[0]).toMatchObject({
      Action: { Block: {} },
      Statement: {
        RateBasedStatement: {
          Limit: DEFAULT_WAF_RATE_LIMIT,
          AggregateKeyType: 'IP',
          EvaluationWindowSec: 300,
        },
      },
    });
    expect(rules[3]).toMatchObject({
      OverrideAction: { None: {} },
      Statement: {
        ManagedRuleGroupStatement: { VendorName: 'AWS', Name: 'AWSManagedRulesKnownBadInputsRuleSet' },
      },
    });
  });

  it('counts SizeRestrictions_BODY (the API takes step data over 8 KB) and blocks its label outside /api/ only', () => {
    const rules = propsOf(waf, 'AWS::WAFv2::WebACL')[0]!.Rules as Props[];
    expect(rules[1]).toMatchObject({
      OverrideAction: { None: {} },
      Statement: {
        ManagedRuleGroupStatement: {
          VendorName: 'AWS',
          Name: 'AWSManagedRulesCommonRuleSet',
          RuleActionOverrides: [{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }],
        },
      },
    });
    expect(rules[2]).toMatchObject({
      Action: { Block: {} },
      Statement: {
        AndStatement: {
          Statements: [
            { LabelMatchStatement: { Scope: 'LABEL', Key: BODY_SIZE_LABEL } },
            {
              NotStatement: {
                Statement: {
                  ByteMatchStatement: {
                    FieldToMatch: { UriPath: {} },
                    PositionalConstraint: 'STARTS_WITH',
                    SearchString: '/api/',
                  },
                },
              },
            },
          ],
        },
      },
    });
  });

  it("is associated with the distribution (its ARN through CDK's cross-region reference)", () => {
    expect(JSON.stringify(dist.WebACLId)).toMatch(/Wafuseast1FnGetAttWebAclArn/);
  });

  it('takes its rate limit from the stage config', () => {
    const { stacks } = buildTestApp({ config: { wafRateLimit: 500 } });
    const rules = propsOf(template(stacks.waf), 'AWS::WAFv2::WebACL')[0]!.Rules as Props[];
    expect(rules[0]).toMatchObject({ Statement: { RateBasedStatement: { Limit: 500 } } });
  });
});

describe('everything goes through CloudFront', () => {
  it('the /api/* origin carries the origin secret as a dynamic reference, and a function sets the viewer address', () => {
    const { stacks } = sharedTestApp();
    const web = template(stacks.web);
    const dist = propsOf(web, 'AWS::CloudFront::Distribution')[0]!.DistributionConfig as Props;
    const api = (dist.Origins as Props[]).find((o) => o.CustomOriginConfig)!;
    const [header] = api.OriginCustomHeaders as { HeaderName: string; HeaderValue: unknown }[];
    expect(header!.HeaderName).toBe(ORIGIN_VERIFY_HEADER);
    const value = JSON.stringify(header!.HeaderValue);
    expect(value).toContain('{{resolve:secretsmanager:');
    expect(value).toMatch(/ExportsOutputRefOriginSecret/);

    const behaviour = (dist.CacheBehaviors as Props[]).find((b) => b.PathPattern === '/api/*')!;
    const [assoc] = behaviour.FunctionAssociations as { EventType: string; FunctionARN: unknown }[];
    expect(assoc!.EventType).toBe('viewer-request');
    const fns = Object.entries(web.findResources('AWS::CloudFront::Function'));
    const [, viewerFn] = fns.find(([id]) => JSON.stringify(assoc!.FunctionARN).includes(id))!;
    const code = (viewerFn as { Properties: { FunctionCode: string } }).Properties.FunctionCode;
    expect(code).toContain(`request.headers['${VIEWER_IP_HEADER}'] = { value: event.viewer.ip }`);
  });

  it('every API function gets the origin secret ARN and may read that secret', () => {
    const { stacks } = sharedTestApp();
    const api = template(stacks.api);
    const [secretId] = Object.keys(api.findResources('AWS::SecretsManager::Secret')).filter((id) =>
      id.startsWith('OriginSecret'),
    );
    // The HTTP API's functions (scheduled-target Lambdas serve no HTTP: no origin secret).
    const fns = (
      propsOf(api, 'AWS::Lambda::Function') as { Description: string; Environment: { Variables: Props } }[]
    ).filter((f) => f.Description.startsWith('HTTP API feature: '));
    expect(fns.length).toBe(new Set(routes.map(lambdaId)).size);
    for (const f of fns) expect(f.Environment.Variables.ORIGIN_VERIFY_SECRET_ARN).toEqual({ Ref: secretId });
    for (const id of new Set(routes.map(lambdaId))) {
      const statements = policyOf(api, id);
      expect(
        statements.some(
          (st) =>
            actionsOf(st).includes('secretsmanager:GetSecretValue') &&
            JSON.stringify(st.Resource).includes(secretId!),
        ),
      ).toBe(true);
    }
  });

  it('without a custom domain the execute-api endpoint stays (CloudFront uses it) and the secret guards it', () => {
    const api = template(sharedTestApp().stacks.api);
    expect(propsOf(api, 'AWS::ApiGatewayV2::Api')[0]!.DisableExecuteApiEndpoint).toBe(false);
    expect(propsOf(api, 'AWS::ApiGatewayV2::DomainName')).toEqual([]);
  });

  it('with a custom domain: the default endpoint is disabled and CloudFront uses the domain', () => {
    const { stacks } = buildTestApp({
      config: {
        apiDomain: {
          domainName: 'api.portal.example.nz',
          certificateArn: 'arn:aws:acm:ap-southeast-2:123456789012:certificate/abc',
        },
      },
    });
    const api = template(stacks.api);
    expect(propsOf(api, 'AWS::ApiGatewayV2::Api')[0]!.DisableExecuteApiEndpoint).toBe(true);
    expect(propsOf(api, 'AWS::ApiGatewayV2::DomainName')[0]).toMatchObject({
      DomainName: 'api.portal.example.nz',
    });
    expect(propsOf(api, 'AWS::ApiGatewayV2::ApiMapping')[0]).toMatchObject({ ApiMappingKey: 'api' });
    const dist = propsOf(template(stacks.web), 'AWS::CloudFront::Distribution')[0]!
      .DistributionConfig as Props;
    const origin = (dist.Origins as Props[]).find((o) => o.CustomOriginConfig)!;
    expect(origin.DomainName).toBe('api.portal.example.nz');
  });
});

describe('throttles', () => {
  it('the stage throttles every route, and the public mail-sending and code-checking routes more', () => {
    const api = template(sharedTestApp().stacks.api);
    const [stage] = propsOf(api, 'AWS::ApiGatewayV2::Stage');
    expect(stage!.DefaultRouteSettings).toMatchObject({
      ThrottlingRateLimit: stageThrottle.rateLimit,
      ThrottlingBurstLimit: stageThrottle.burstLimit,
    });
    expect(stage!.RouteSettings).toEqual(
      Object.fromEntries(
        Object.entries(routeThrottles).map(([key, t]) => [
          key,
          { ThrottlingRateLimit: t.rateLimit, ThrottlingBurstLimit: t.burstLimit },
        ]),
      ),
    );
    expect(Object.keys(routeThrottles)).toEqual(
      expect.arrayContaining([
        'POST /public/user/registration',
        'POST /public/user/registration/confirm',
        'POST /public/user/registration/resend',
      ]),
    );
    for (const t of Object.values(routeThrottles)) expect(t.rateLimit).toBeLessThan(stageThrottle.rateLimit);
  });
});

import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import type { PortalConfig } from './config.js';

/**
 * Requests one address may make in five minutes before WAF blocks it for a while (the rate-based
 * rule; AWS evaluates it over a sliding 5-minute window). A person using the portal makes a few
 * hundred (the SPA's assets and its API calls); context `wafRateLimit` overrides it per stage.
 */
export const DEFAULT_WAF_RATE_LIMIT = 2000;

/** The label the common rule set's SizeRestrictions_BODY adds (its action is overridden to Count). */
export const BODY_SIZE_LABEL = 'awswaf:managed:aws:core-rule-set:SizeRestrictions_Body';

export interface WafStackProps extends StackProps {
  config: PortalConfig;
}

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});

/**
 * The web ACL in front of the CloudFront distribution. A CLOUDFRONT-scope web ACL lives in
 * us-east-1 whatever the portal's region, so this is a stack of its own there; the Web stack takes
 * its ARN through CDK's cross-region references (`crossRegionReferences` on both stacks: SSM
 * parameters written here and read there by a custom resource).
 *
 * Rules, in order:
 * 1. RateLimitPerIp: a rate-based block per client address ({@link DEFAULT_WAF_RATE_LIMIT} per 5 min).
 * 2. AWSManagedRulesCommonRuleSet, with SizeRestrictions_BODY counted (labelled) instead of
 *    blocked: it blocks bodies over 8 KB, and the API takes larger JSON bodies on purpose (step
 *    data and document metadata, capped per route by the API itself with 413:
 *    functions/platform/http/body-limit.ts, and at 10 MB by API Gateway).
 * 3. BodySizeOutsideApi: the label of rule 2 blocks everywhere except under /api/ (the site itself
 *    takes no bodies).
 * 4. AWSManagedRulesKnownBadInputsRuleSet (Log4j, Java deserialisation, localhost Host headers …).
 */
export class WafStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: WafStackProps) {
    super(scope, id, props);
    const { config } = props;
    const managed = (priority: number, name: string, excluded: string[] = []): CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          ...(excluded.length
            ? { ruleActionOverrides: excluded.map((rule) => ({ name: rule, actionToUse: { count: {} } })) }
            : {}),
        },
      },
      visibilityConfig: visibility(name),
    });

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: `consent-portal-${config.stage}`,
      description: 'Consent portal: rate limit per address and the AWS managed rule groups',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`consent-portal-${config.stage}`),
      rules: [
        {
          name: 'RateLimitPerIp',
          priority: 0,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              limit: config.wafRateLimit ?? DEFAULT_WAF_RATE_LIMIT,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
            },
          },
          visibilityConfig: visibility('RateLimitPerIp'),
        },
        managed(1, 'AWSManagedRulesCommonRuleSet', ['SizeRestrictions_BODY']),
        {
          name: 'BodySizeOutsideApi',
          priority: 2,
          action: { block: {} },
          statement: {
            andStatement: {
              statements: [
                { labelMatchStatement: { scope: 'LABEL', key: BODY_SIZE_LABEL } },
                {
                  notStatement: {
                    statement: {
                      byteMatchStatement: {
                        fieldToMatch: { uriPath: {} },
                        positionalConstraint: 'STARTS_WITH',
                        searchString: '/api/',
                        textTransformations: [{ priority: 0, type: 'NONE' }],
                      },
                    },
                  },
                },
              ],
            },
          },
          visibilityConfig: visibility('BodySizeOutsideApi'),
        },
        managed(3, 'AWSManagedRulesKnownBadInputsRuleSet'),
      ],
    });
  }
}

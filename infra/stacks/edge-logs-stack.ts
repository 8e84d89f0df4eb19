import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnDelivery, CfnDeliveryDestination, CfnDeliverySource } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { PortalConfig } from './config.js';

/**
 * The fields of the distribution's access logs (CloudFront standard logging v2; the names of the
 * standard log file format). Chosen so that no bearer secret a URL may carry is kept (docs/deploy.md): never `cs-uri-query` (payer and unsubscribe links carried tokens in the query), never
 * `cs(Referer)` (the page's full URL with its query: the Referrer-Policy sends it to the same
 * origin), never `cs(Cookie)`. What an audit needs stays: when, who (address, port, agent), what
 * (method, host, path), the answer (status, sizes, timing, edge result) and the request id.
 */
export const ACCESS_LOG_FIELDS = [
  'date',
  'time',
  'x-edge-location',
  'sc-bytes',
  'c-ip',
  'cs-method',
  'cs(Host)',
  'cs-uri-stem',
  'sc-status',
  'cs(User-Agent)',
  'x-edge-result-type',
  'x-edge-request-id',
  'x-host-header',
  'cs-protocol',
  'cs-bytes',
  'time-taken',
  'x-forwarded-for',
  'ssl-protocol',
  'ssl-cipher',
  'x-edge-response-result-type',
  'cs-protocol-version',
  'c-port',
  'time-to-first-byte',
  'x-edge-detailed-result-type',
  'sc-content-type',
  'sc-content-len',
] as const;

/** The Web stack's log bucket folder the access logs go to. */
export const ACCESS_LOG_PREFIX = 'cloudfront';

export interface EdgeLogsStackProps extends StackProps {
  config: PortalConfig;
  /** The distribution (Web stack), by ARN: a cross-region reference. */
  distributionArn: string;
  /** The Web stack's log bucket (in the stage's region), by ARN. */
  logBucketArn: string;
}

/**
 * The distribution's access logs (standard logging v2): CloudFront's log delivery source must be
 * created in us-east-1, so it has a stack of its own there, after the Web stack (the WAF stack comes
 * before it: the distribution names its web ACL). The logs land in the Web stack's log bucket, in the
 * stage's region, under `cloudfront/`, with only {@link ACCESS_LOG_FIELDS}.
 */
export class EdgeLogsStack extends Stack {
  readonly delivery: CfnDelivery;

  constructor(scope: Construct, id: string, props: EdgeLogsStackProps) {
    super(scope, id, props);
    const name = `consent-portal-${props.config.stage}-cloudfront`;
    const source = new CfnDeliverySource(this, 'AccessLogSource', {
      name,
      logType: 'ACCESS_LOGS',
      resourceArn: props.distributionArn,
    });
    const destination = new CfnDeliveryDestination(this, 'AccessLogDestination', {
      name: `${name}-s3`,
      destinationResourceArn: `${props.logBucketArn}/${ACCESS_LOG_PREFIX}`,
    });
    this.delivery = new CfnDelivery(this, 'AccessLogDelivery', {
      deliverySourceName: name,
      deliveryDestinationArn: destination.attrArn,
      recordFields: [...ACCESS_LOG_FIELDS],
    });
    this.delivery.addResourceDependency(source);
  }
}

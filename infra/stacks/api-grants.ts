import { Annotations, type Stack } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, type IRole } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Feature } from '../../functions/routes.js';
import { acknowledge, findings, type NagAck } from '../constructs/nag.js';
import type { PortalFunction } from '../constructs/portal-function.js';
import { webUrlParameterName, type ResolvedConfig } from './config.js';

/**
 * Least privilege for the API's functions (infra/stacks/api-stack.ts): what each Lambda may touch
 * ({@link lambdaCapabilities}, by the Lambda id of functions/routes.ts), what each scheduled target
 * may touch ({@link scheduledCapabilities}), and the one function that grants it. Asserted per
 * function in test/infra/api-iam.test.ts.
 */

/**
 * What each resource module may touch besides reading the table (least privilege). An issue that
 * gives a resource a new need adds it here.
 * - tableWrite: PutItem/UpdateItem/DeleteItem/transactions on the table;
 * - uploads: get/put/delete objects in the uploads bucket (presigned URLs are signed with the
 *   function's own credentials, so presigned PUT/GET need these rights), only under the feature's
 *   {@link uploadPrefixes} when it has some;
 * - scheduler: create/update/delete schedules in the portal's schedule group, passing the
 *   scheduler role (access-request expiry);
 * - mail: send with SES v2 from the configured sender (context mailFrom) only;
 * - accountsWrite: the public function's writes, limited by `dynamodb:LeadingKeys` to the
 *   partitions registration touches ({@link accountsWritePartitions}): captcha-use guards, user
 *   records, organisation memberships and invitations;
 * - captcha: read the generated captcha HMAC secret (env CAPTCHA_HMAC_SECRET_ARN);
 * - cognitoAdmin: create, get, set the password of and delete users of the pool (registration
 *   through an invitation creates a confirmed user; the public SignUp/Confirm/Resend and
 *   ChangePassword calls need no IAM).
 * - paymentGateway: read the card gateway's credentials secret (PAYMENT_GATEWAY_SECRET_ARN: the
 *   Windcave REST user and key) and PAYMENT_GATEWAY_URL (context `paymentGatewayUrl`);
 * - externalLookups: NZ Post AddressChecker, LINZ parcels and the LBP register
 *   (functions/platform/adapters/lookups): LOOKUPS_MODE (context `lookupsMode`, default 'live' in a
 *   prod-like stage, else 'local' = the sample data, shipped beside the bundle) and read access to
 *   the lookups credentials secret (LOOKUPS_SECRET_ARN), which an operator fills with
 *   NZPOST_CLIENT_ID, NZPOST_CLIENT_SECRET, LINZ_API_KEY, LBP_BASE_URL and LBP_API_KEY.
 * - webhookDelivery: invoke the council webhook delivery function (infra/constructs/webhook-delivery.ts)
 *   to mint a sealed signing secret or redeliver an event; the caller never reads a secret itself.
 * - webUrl: the web's own URL, for links that leave the portal (mails, the card gateway's return and
 *   notification URLs; functions/platform/adapters/web-url.ts): WEB_URL (context `webUrl`) or
 *   WEB_URL_PARAMETER, the SSM parameter the Web stack writes its URL to, with the right to read
 *   that one parameter. Without it a link is relative and useless outside the browser.
 */
export type Capability =
  | 'tableWrite'
  | 'uploads'
  | 'scheduler'
  | 'mail'
  | 'accountsWrite'
  | 'captcha'
  | 'cognitoAdmin'
  | 'externalLookups'
  | 'paymentGateway'
  | 'webhookDelivery'
  | 'webUrl';
/**
 * What each feature's functions as a whole need (its Lambdas, its scheduled target, what its event
 * consumers schedule): which secrets the Api stack makes and which features get a scheduled target.
 * A function is granted only its own part ({@link lambdaCapabilities}, {@link scheduledCapabilities}).
 */
export const featureCapabilities: Record<Feature, readonly Capability[]> = {
  site: [],
  // Registration and the signed-in user's own record: writes only the account partitions below.
  accounts: ['accountsWrite', 'captcha', 'cognitoAdmin'],
  reference: [],
  lookups: ['externalLookups'],
  applications: ['tableWrite', 'uploads'],
  // The LBP register checks a participant's licence (qualification warnings).
  participants: ['tableWrite', 'mail', 'externalLookups'],
  documents: ['tableWrite', 'uploads'],
  // The LBP register checks a contact's licence (qualification warnings).
  contacts: ['tableWrite', 'externalLookups'],
  // Approving adds a participant: the LBP register checks their licence (qualification warnings).
  'access-requests': ['tableWrite', 'scheduler', 'mail', 'externalLookups'],
  // Invitations behind a captcha; mails to invitees.
  // Invitation expiry jobs (functions/organisations/scheduled.ts).
  // The organisation's image: its presigned upload, read, scaled and removed (organisation-images/ only).
  organisations: ['tableWrite', 'mail', 'captcha', 'scheduler', 'uploads'],
  rfis: ['tableWrite', 'uploads'],
  // The card gateway's credentials (a secret an operator fills: docs/payments.md); invite to pay
  // mails the payer and schedules the request's reminder and expiry (functions/payments/scheduled.ts).
  payments: ['tableWrite', 'paymentGateway', 'mail', 'scheduler', 'webUrl'],
  // The digest job (functions/notifications/scheduled.ts) mails; the HTTP routes only read and flag.
  notifications: ['tableWrite', 'mail', 'webUrl'],
  council: ['tableWrite', 'uploads', 'webhookDelivery'],
};

/**
 * What each Lambda of the route table may touch: only what its routes use (docs/authorization.md), by
 * Lambda id (`<feature>` or `<feature>-<lambda>`, functions/routes.ts `lambdaId`). A capability is
 * left out when the Lambda's bundle does not even contain the code that would use it (the mail
 * transport, the S3 client, the scheduler), or when none of its routes calls that code. Mails of
 * invitations, expiry schedules and the like are the event consumers' (infra/constructs/event-consumers.ts).
 */
export const lambdaCapabilities: Readonly<Record<string, readonly Capability[]>> = {
  site: [],
  // Registration and the signed-in user's own record: writes only the account partitions below.
  accounts: ['accountsWrite', 'captcha', 'cognitoAdmin'],
  reference: [],
  lookups: ['externalLookups'],
  // Reads, deletes, child applications, preferences, history: no object of the bucket (the files of
  // a deleted application are the documents.files consumer's).
  applications: ['tableWrite'],
  // The lists; badges and filters build the read model (writes), no bucket.
  'applications-lists': ['tableWrite'],
  // Create (template thumbnails), the thumbnail upload, change, steps, rules, the submission's PDF.
  'applications-form': ['tableWrite', 'uploads'],
  // The LBP register checks a participant's licence (qualification warnings); its mails are the consumers'.
  participants: ['tableWrite', 'externalLookups'],
  documents: ['tableWrite', 'uploads'],
  // The LBP register checks a contact's licence (qualification warnings).
  contacts: ['tableWrite', 'externalLookups'],
  // Approving adds a participant (the LBP check); its expiry job and mails are the consumers'.
  'access-requests': ['tableWrite', 'externalLookups'],
  // Members, invitations (behind a captcha), merges; their mails and expiry jobs are the consumers'.
  organisations: ['tableWrite', 'captcha'],
  // The organisation's image: its presigned upload, read, scaled and removed (organisation-images/ only).
  'organisations-profile': ['tableWrite', 'uploads'],
  rfis: ['tableWrite'],
  // The RFIs PDF is written to and served from the bucket.
  'rfis-pdf': ['tableWrite', 'uploads'],
  // The card gateway's credentials (a secret an operator fills: docs/payments.md) and the card
  // session's return and notification URLs (webUrl); invite to pay mails the payer and schedules the
  // request's reminder and expiry (functions/payments/scheduled.ts).
  payments: ['tableWrite', 'paymentGateway', 'mail', 'scheduler', 'webUrl'],
  // The inbox, the profile and the unsubscribe link: they read and flag, never mail.
  notifications: ['tableWrite'],
  // Council reads and writes of lodged applications: documents' download links.
  council: ['tableWrite', 'uploads'],
  // Registered-applicant invitations: the table only (the invitation mail is a consumer's).
  'council-invitations': ['tableWrite'],
  // The webhook registration and log; secrets are minted, and redeliveries sent, by the delivery function.
  'council-webhooks': ['tableWrite', 'webhookDelivery'],
};

/**
 * What each feature's scheduled target may touch (infra/stacks/scheduled-targets.ts): organisation
 * invitations and access requests expire (table writes only); payments' reminders mail the payer and
 * its catch-up asks the gateway; the notifications' digest mails.
 */
export const scheduledCapabilities: Partial<Record<Feature, readonly Capability[]>> = {
  organisations: ['tableWrite'],
  'access-requests': ['tableWrite'],
  payments: ['tableWrite', 'mail', 'paymentGateway', 'webUrl'],
  notifications: ['tableWrite', 'mail', 'webUrl'],
};

/** The capabilities of a Lambda of the route table (a Lambda without an entry is a mistake). */
export function capabilitiesOf(id: string): readonly Capability[] {
  const caps = lambdaCapabilities[id];
  if (!caps)
    throw new Error(
      `No capabilities declared for Lambda ${id} (infra/stacks/api-grants.ts lambdaCapabilities)`,
    );
  return caps;
}

/**
 * Key prefixes of the uploads bucket a feature's `uploads` capability is limited to (a feature not
 * listed gets the whole bucket: documents, thumbnails and rfis work across prefixes).
 */
export const uploadPrefixes: Partial<Record<Feature, readonly string[]>> = {
  organisations: ['organisation-images/'],
};

/**
 * Partition-key prefixes (ElectroDB keys, functions/platform/data/entities) the accounts function may write:
 * captchaUse, user, organisationMember, organisationInvitation, the limiter's rateCounter and
 * the confirmedCode guard (both keyed `key`), and the outbox item of an invited registration's
 * UserRegistered event (keyed `eventId`).
 */
export const accountsWritePartitions = [
  '$portal#signature_*',
  '$portal#userId_*',
  '$portal#organisationId_*',
  '$portal#invitationId_*',
  '$portal#key_*',
  '$portal#eventId_*',
] as const;

/**
 * Partition-key prefixes the accounts function may read (no Scan, no index): its writes, the
 * authorities named by the user's independent authorities (GET /user), and the organisation
 * invitations' registration links (read by their secret's hash, never written here).
 */
export const accountsReadPartitions = [
  ...accountsWritePartitions,
  '$portal#authorityId_*',
  '$portal#invitationTokenHash_*',
] as const;

/** Partition-key prefixes the site function may read: the site settings (maintenance, announcements). */
export const siteReadPartitions = ['$portal#name_*'] as const;

/** Table reads of the API's functions: items by key and queries, never a Scan of the table. */
export const tableReadActions = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
] as const;
/** Table writes (`tableWrite`), on top of the reads. */
export const tableWriteActions = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
] as const;

/**
 * Features whose table access is limited to partitions (`dynamodb:LeadingKeys`) on the table
 * itself (no index): the public ones that need only a few kinds of item.
 */
export const scopedTableAccess: Partial<Record<Feature, { read: readonly string[] }>> = {
  accounts: { read: accountsReadPartitions },
  site: { read: siteReadPartitions },
};

/** What the grants are on. */
export interface GrantProps {
  config: ResolvedConfig;
  table: ITable;
  uploads: IBucket;
  userPool: IUserPool;
  scheduleGroup: IScheduleGroup;
  schedulerRole: IRole;
  /** What CloudFront adds to API requests: read by the HTTP functions (not by scheduled targets). */
  originSecret?: ISecret | undefined;
  captchaSecret?: ISecret | undefined;
  lookupsSecret?: ISecret | undefined;
  paymentGatewaySecret?: ISecret | undefined;
  /** The council webhook delivery function (webhookDelivery). */
  webhookDeliveryFunction?: IFunction | undefined;
}

/**
 * Grants one function exactly `caps` (its own: {@link lambdaCapabilities} or
 * {@link scheduledCapabilities}), within its feature's table scope and upload prefixes, and the
 * origin secret every HTTP function reads.
 */
export function grantFeature(
  stack: Stack,
  fn: PortalFunction,
  feature: Feature,
  caps: readonly Capability[],
  props: GrantProps,
): void {
  const suppressions: NagAck[] = [
    {
      id: 'AwsSolutions-IAM5',
      reason:
        'Table grants include its GSIs (`<table arn>/index/*`): list and search queries run on the indexes.',
      appliesTo: [findings.tableIndexes],
    },
  ];
  const table = props.table.tableArn;
  const scoped = scopedTableAccess[feature];
  if (scoped) {
    // Only the partitions it needs, on the table itself (no index, no Scan).
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: [...tableReadActions],
        resources: [table],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...scoped.read] } },
      }),
    );
  } else {
    const actions = caps.includes('tableWrite')
      ? [...tableReadActions, ...tableWriteActions]
      : [...tableReadActions];
    fn.addToRolePolicy(new PolicyStatement({ actions, resources: [table, `${table}/index/*`] }));
  }
  if (caps.includes('accountsWrite') && !caps.includes('tableWrite')) {
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
        resources: [table],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...accountsWritePartitions] } },
      }),
    );
  }
  props.originSecret?.grantRead(fn);
  if (caps.includes('captcha')) {
    if (!props.captchaSecret) throw new Error('captcha capability without the captcha secret');
    props.captchaSecret.grantRead(fn);
  }
  if (caps.includes('externalLookups')) {
    if (!props.lookupsSecret) throw new Error('externalLookups capability without the lookups secret');
    props.lookupsSecret.grantRead(fn);
  }
  if (caps.includes('paymentGateway')) {
    if (!props.paymentGatewaySecret) throw new Error('paymentGateway capability without its secret');
    props.paymentGatewaySecret.grantRead(fn);
  }
  if (caps.includes('webhookDelivery')) {
    if (!props.webhookDeliveryFunction) throw new Error('webhookDelivery capability without the function');
    // Its unqualified ARN only (grantInvoke would add every version and alias, `<arn>:*`).
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['lambda:InvokeFunction'],
        resources: [props.webhookDeliveryFunction.functionArn],
      }),
    );
  }
  if (caps.includes('cognitoAdmin')) {
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: [
          'cognito-idp:AdminCreateUser',
          'cognito-idp:AdminSetUserPassword',
          'cognito-idp:AdminGetUser',
          'cognito-idp:AdminDeleteUser',
        ],
        resources: [props.userPool.userPoolArn],
      }),
    );
  }
  // Health check: a cheap DescribeTable.
  props.table.grant(fn, 'dynamodb:DescribeTable');
  if (caps.includes('uploads')) {
    const prefixes = uploadPrefixes[feature];
    for (const pattern of prefixes ? prefixes.map((p) => `${p}*`) : [undefined]) {
      props.uploads.grantReadWrite(fn, pattern);
      props.uploads.grantDelete(fn, pattern);
    }
    suppressions.push({
      id: 'AwsSolutions-IAM5',
      reason:
        'Document objects have generated keys, so object rights are on `<bucket arn>/*` (or `<bucket arn>/<prefix>/*` for a feature limited to its prefix); the s3 action wildcards are CDK grantReadWrite/grantDelete action groups (Get/Put/Delete object and versions, multipart parts).',
      appliesTo: [
        'Action::s3:GetObject*',
        'Action::s3:GetBucket*',
        'Action::s3:List*',
        'Action::s3:DeleteObject*',
        'Action::s3:Abort*',
        findings.uploadsObjects,
        findings.uploadsPrefixed,
      ],
    });
  }
  if (caps.includes('scheduler')) {
    const group = props.scheduleGroup.scheduleGroupName;
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: [
          'scheduler:CreateSchedule',
          'scheduler:UpdateSchedule',
          'scheduler:DeleteSchedule',
          'scheduler:GetSchedule',
        ],
        resources: [`arn:${stack.partition}:scheduler:${stack.region}:${stack.account}:schedule/${group}/*`],
      }),
    );
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [props.schedulerRole.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
    );
    suppressions.push({
      id: 'AwsSolutions-IAM5',
      reason:
        'Schedules are named per job (access request, invitation) at run time; rights are limited to schedules of the portal schedule group (`schedule/<group>/*`).',
      appliesTo: [/^Resource::arn:<AWS::Partition>:scheduler:[^:]+:<AWS::AccountId>:schedule\/.+\/\*$/],
    });
  }
  if (caps.includes('webUrl')) {
    if (props.config.webUrl) fn.addEnvironment('WEB_URL', props.config.webUrl);
    else {
      const parameter = webUrlParameterName(props.config.stage);
      fn.addEnvironment('WEB_URL_PARAMETER', parameter);
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['ssm:GetParameter'],
          resources: [`arn:${stack.partition}:ssm:${stack.region}:${stack.account}:parameter${parameter}`],
        }),
      );
    }
  }
  if (caps.includes('mail')) {
    const from = props.config.mailFrom;
    if (from) {
      const domain = from.split('@')[1] ?? from;
      const identity = (name: string) =>
        `arn:${stack.partition}:ses:${stack.region}:${stack.account}:identity/${name}`;
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['ses:SendEmail', 'ses:SendRawEmail'],
          resources: [identity(domain), identity(from)],
        }),
      );
    } else {
      Annotations.of(fn).addWarningV2(
        'consent-portal:no-mail-from',
        'No mailFrom in context: this function cannot send mail on AWS (set -c mailFrom=no-reply@your.domain).',
      );
    }
  }
  acknowledge(fn, suppressions);
}

/**
 * Least privilege (docs/authorization.md): each API Lambda's IAM is exactly what its
 * routes use (capabilities per Lambda id, not per feature), read from the synthesised Api stack,
 * per function; the scheduled targets likewise. The app is built with a mail sender, so the mail
 * capability shows as SES statements.
 */
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { lambdaId, routes } from '../../functions/routes.js';
import {
  accountsReadPartitions,
  accountsWritePartitions,
  featureCapabilities,
  lambdaCapabilities,
  scheduledCapabilities,
  siteReadPartitions,
  uploadPrefixes,
} from '../../infra/stacks/api-grants.js';
import { sharedTestApp, template } from './helpers.js';
import { actionsOf, policyOf, type Statement } from './iam.js';

const lambdas = [...new Set(routes.map(lambdaId))];
const featureOf = (id: string) => routes.find((r) => lambdaId(r) === id)!.feature;

let t: Template;
const statements: Record<string, Statement[]> = {};
beforeAll(() => {
  t = template(sharedTestApp({ config: { mailFrom: 'no-reply@portal.example.nz' } }).stacks.api);
  for (const id of lambdas) statements[id] = policyOf(t, id);
});
const capsOf = (id: string) => lambdaCapabilities[id]!;

const actions = (id: string) => statements[id]!.flatMap(actionsOf);
const withAction = (id: string, pattern: RegExp) =>
  statements[id]!.filter((st) => actionsOf(st).some((a) => pattern.test(a)));
const isTableArn = (r: unknown) => JSON.stringify(r).includes('ExportsOutputFnGetAttTable');

describe('every API function', () => {
  it('is covered: one function per Lambda of the route table', () => {
    expect(lambdas.sort()).toEqual(
      expect.arrayContaining(['accounts', 'applications', 'documents', 'lookups', 'reference', 'site']),
    );
  });

  it.each(lambdas)('%s: no dynamodb:Scan and no table-wide wildcard action', (id) => {
    expect(actions(id)).not.toContain('dynamodb:Scan');
    expect(actions(id).filter((a) => /^dynamodb:\*|^\*$/.test(a))).toEqual([]);
  });

  it('declares the capabilities of every Lambda, each within its feature’s', () => {
    expect(Object.keys(lambdaCapabilities).sort()).toEqual([...lambdas].sort());
    for (const id of lambdas)
      for (const cap of capsOf(id))
        expect(featureCapabilities[featureOf(id)], `${id}: ${cap}`).toContain(cap);
  });

  it.each(lambdas)('%s: S3 only if it has uploads, and then only on `<bucket arn>/*` objects', (id) => {
    const s3 = withAction(id, /^s3:/);
    if (!capsOf(id).includes('uploads')) {
      expect(s3).toEqual([]);
      return;
    }
    expect(s3.length).toBeGreaterThan(0);
    for (const st of s3) {
      for (const r of [st.Resource].flat()) expect(JSON.stringify(r)).toMatch(/Uploads|uploads|Bucket/);
    }
    expect(JSON.stringify(s3)).toContain('/*');
  });

  it.each(lambdas.filter((id) => uploadPrefixes[featureOf(id)] && capsOf(id).includes('uploads')))(
    '%s: S3 object rights only under its own prefixes',
    (id) => {
      const prefixes = uploadPrefixes[featureOf(id)]!;
      const s3 = withAction(id, /^s3:/);
      expect(s3.length).toBeGreaterThan(0);
      for (const st of s3) {
        for (const r of [st.Resource].flat()) {
          const text = JSON.stringify(r);
          // The bucket itself (list/location actions) or objects under one of its prefixes.
          if (text.includes('/'))
            expect(
              prefixes.some((p) => text.includes(`/${p}*`)),
              text,
            ).toBe(true);
        }
      }
    },
  );

  it('the organisations Lambdas may use the uploads bucket under organisation-images/ only', () => {
    expect(uploadPrefixes.organisations).toEqual(['organisation-images/']);
  });

  it.each(lambdas)('%s: no Cognito admin action unless it is accounts', (id) => {
    if (id === 'accounts') return;
    expect(withAction(id, /^cognito-idp:/)).toEqual([]);
  });

  it.each(lambdas)('%s: mail, schedules and Lambda invokes only with their capability', (id) => {
    const caps = capsOf(id);
    if (!caps.includes('mail')) expect(withAction(id, /^ses:/)).toEqual([]);
    else expect(withAction(id, /^ses:/).length).toBeGreaterThan(0);
    if (!caps.includes('scheduler')) expect(withAction(id, /^(scheduler:|iam:PassRole)/)).toEqual([]);
    if (!caps.includes('webhookDelivery')) expect(withAction(id, /^lambda:InvokeFunction/)).toEqual([]);
  });

  it.each(lambdas)('%s: writes the table only with tableWrite (or the scoped writes of accounts)', (id) => {
    const writes = withAction(id, /^dynamodb:(Put|Update|Delete|BatchWrite)/);
    const caps = capsOf(id);
    if (caps.includes('tableWrite')) expect(writes.length).toBeGreaterThan(0);
    else if (!caps.includes('accountsWrite')) expect(writes).toEqual([]);
  });
});

describe('accounts (registration, confirmation, the own profile)', () => {
  it('has no S3 at all', () => {
    expect(actions('accounts').filter((a) => a.startsWith('s3:'))).toEqual([]);
  });

  it('reads only its partitions, on the table itself (no index, no Scan)', () => {
    const reads = withAction('accounts', /^dynamodb:(Get|BatchGet|Query|ConditionCheck)/);
    expect(reads).toEqual([
      expect.objectContaining({
        Action: [
          'dynamodb:GetItem',
          'dynamodb:BatchGetItem',
          'dynamodb:Query',
          'dynamodb:ConditionCheckItem',
        ],
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...accountsReadPartitions] } },
      }),
    ]);
    expect(isTableArn(reads[0]!.Resource)).toBe(true);
    expect(JSON.stringify(reads[0]!.Resource)).not.toContain('/index/');
  });

  it('writes only the partitions of registration, the profile, captcha guards and rate counters; never deletes', () => {
    const writes = withAction('accounts', /^dynamodb:(Put|Update|Delete|BatchWrite)/);
    expect(writes).toEqual([
      expect.objectContaining({
        Action: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...accountsWritePartitions] } },
      }),
    ]);
    expect(accountsWritePartitions).toContain('$portal#key_*');
    // The invited registration's UserRegistered event (its outbox item, keyed by the event id).
    expect(accountsWritePartitions).toContain('$portal#eventId_*');
  });

  it("reads invitation registration links by their own key, and no other feature's token items", () => {
    expect(accountsReadPartitions).toContain('$portal#invitationTokenHash_*');
    expect(accountsWritePartitions).not.toContain('$portal#invitationTokenHash_*');
    // Unsubscribe links (functions/notifications) are keyed tokenHash: not the accounts function's.
    expect(accountsReadPartitions.some((p) => p.startsWith('$portal#tokenHash_'))).toBe(false);
  });

  it('calls only the four Cognito admin operations invited registration needs, on its own pool', () => {
    const cognito = withAction('accounts', /^cognito-idp:/);
    expect(cognito.flatMap(actionsOf).sort()).toEqual([
      'cognito-idp:AdminCreateUser',
      'cognito-idp:AdminDeleteUser',
      'cognito-idp:AdminGetUser',
      'cognito-idp:AdminSetUserPassword',
    ]);
    for (const st of cognito) expect(JSON.stringify(st.Resource)).toMatch(/UserPool/);
    // No broad admin rights: no listing, no password reset flows, no attribute or group changes.
    for (const banned of [
      'AdminResetUserPassword',
      'ListUsers',
      'AdminUpdateUserAttributes',
      'AdminAddUserToGroup',
      'AdminInitiateAuth',
    ]) {
      expect(actions('accounts')).not.toContain(`cognito-idp:${banned}`);
    }
  });
});

describe('the other public functions', () => {
  it('site reads only the site settings partitions and writes nothing', () => {
    const dynamo = withAction('site', /^dynamodb:/).filter(
      (st) => !actionsOf(st).includes('dynamodb:DescribeTable'),
    );
    expect(dynamo).toEqual([
      expect.objectContaining({
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...siteReadPartitions] } },
      }),
    ]);
    expect(withAction('site', /^(s3|cognito-idp|ses|scheduler):/)).toEqual([]);
  });

  it('reference and lookups read only: no writes, no S3, no mail', () => {
    for (const id of ['reference', 'lookups']) {
      expect(withAction(id, /^dynamodb:(Put|Update|Delete|BatchWrite)/)).toEqual([]);
      expect(withAction(id, /^(s3|ses|scheduler|cognito-idp):/)).toEqual([]);
    }
  });
});

describe('documents', () => {
  it('keeps object rights on `<bucket arn>/*` (new prefixes under the bucket keep working)', () => {
    const s3 = withAction('documents', /^s3:(Get|Put|Delete)Object/);
    expect(JSON.stringify(s3.map((st) => st.Resource))).toMatch(/\/\*"\]\]\}/);
  });
});

// docs/authorization.md: grants per feature gave a Lambda what another Lambda of its feature needed.
describe('each Lambda only what its own routes use (docs/authorization.md)', () => {
  it('council-webhooks: no bucket at all (it could delete any upload); invokes the delivery function only', () => {
    expect(actions('council-webhooks').filter((a) => a.startsWith('s3:'))).toEqual([]);
    expect(actions('council-webhooks')).not.toContain('s3:DeleteObject*');
    const invokes = withAction('council-webhooks', /^lambda:InvokeFunction$/);
    expect(invokes).toHaveLength(1);
    expect(JSON.stringify(invokes[0]!.Resource)).toMatch(/WebhookDeliveryFunction/);
    expect(JSON.stringify(invokes[0]!.Resource)).not.toMatch(/:\*/);
  });

  it('council-invitations: no bucket at all', () => {
    expect(actions('council-invitations').filter((a) => a.startsWith('s3:'))).toEqual([]);
  });

  it('applications (handler) and applications-lists: no bucket; only the form Lambda has one', () => {
    for (const id of ['applications', 'applications-lists'])
      expect(
        actions(id).filter((a) => a.startsWith('s3:')),
        id,
      ).toEqual([]);
    expect(actions('applications-form')).toContain('s3:PutObject');
  });

  it('rfis: no bucket; only the RFIs PDF Lambda has one', () => {
    expect(actions('rfis').filter((a) => a.startsWith('s3:'))).toEqual([]);
    expect(actions('rfis-pdf').some((a) => a.startsWith('s3:'))).toBe(true);
  });

  it('organisations: no bucket, no mail, no schedules; its profile Lambda no mail, schedules or captcha', () => {
    expect(withAction('organisations', /^(s3|ses|scheduler):/)).toEqual([]);
    expect(withAction('organisations-profile', /^(ses|scheduler):/)).toEqual([]);
    const secrets = (id: string) =>
      JSON.stringify(withAction(id, /^secretsmanager:/).map((st) => st.Resource));
    expect(secrets('organisations')).toMatch(/CaptchaSecret/);
    expect(secrets('organisations-profile')).not.toMatch(/CaptchaSecret/);
  });

  it('participants, access-requests and notifications send no mail; access-requests schedule nothing', () => {
    for (const id of ['participants', 'access-requests', 'notifications'])
      expect(withAction(id, /^ses:/), id).toEqual([]);
    expect(withAction('access-requests', /^(scheduler:|iam:PassRole)/)).toEqual([]);
    // Payments still mail the payer and schedule the request's reminder.
    expect(withAction('payments', /^ses:/).length).toBeGreaterThan(0);
    expect(withAction('payments', /^scheduler:/).length).toBeGreaterThan(0);
  });
});

describe('the scheduled targets: only what their jobs use', () => {
  const target = (feature: string) => policyOf(t, `Scheduled-${feature}`).flatMap(actionsOf);

  it('organisations and access-requests expire with table writes only: no mail, no bucket', () => {
    for (const feature of ['organisations', 'access-requests']) {
      expect(scheduledCapabilities[feature as 'organisations']).toEqual(['tableWrite']);
      expect(
        target(feature).filter((a) => /^(ses|s3|secretsmanager:Get)/.test(a)),
        feature,
      ).toEqual([]);
      expect(target(feature)).toContain('dynamodb:UpdateItem');
    }
  });

  it('payments and notifications mail', () => {
    expect(target('payments').some((a) => a.startsWith('ses:'))).toBe(true);
    expect(target('notifications').some((a) => a.startsWith('ses:'))).toBe(true);
    expect(target('notifications').filter((a) => a.startsWith('s3:'))).toEqual([]);
  });
});

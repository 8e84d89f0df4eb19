/**
 * Least privilege (issue 9 point 7): each API Lambda's IAM is exactly what its routes use, read
 * from the synthesised Api stack, per function.
 */
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { lambdaId, routes } from '../../functions/routes.js';
import {
  accountsReadPartitions,
  accountsWritePartitions,
  featureCapabilities,
  siteReadPartitions,
  uploadPrefixes,
} from '../../infra/stacks/api-grants.js';
import { buildTestApp, template } from './helpers.js';
import { actionsOf, policyOf, type Statement } from './iam.js';

const lambdas = [...new Set(routes.map(lambdaId))];
const featureOf = (id: string) => routes.find((r) => lambdaId(r) === id)!.feature;

let t: Template;
const statements: Record<string, Statement[]> = {};
beforeAll(() => {
  t = template(buildTestApp().stacks.api);
  for (const id of lambdas) statements[id] = policyOf(t, id);
});

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

  it.each(lambdas)(
    '%s: S3 only if its feature has uploads, and then only on `<bucket arn>/*` objects',
    (id) => {
      const s3 = withAction(id, /^s3:/);
      if (!featureCapabilities[featureOf(id)].includes('uploads')) {
        expect(s3).toEqual([]);
        return;
      }
      expect(s3.length).toBeGreaterThan(0);
      for (const st of s3) {
        for (const r of [st.Resource].flat()) expect(JSON.stringify(r)).toMatch(/Uploads|uploads|Bucket/);
      }
      expect(JSON.stringify(s3)).toContain('/*');
    },
  );

  it.each(lambdas.filter((id) => uploadPrefixes[featureOf(id)]))(
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

  it.each(lambdas)('%s: writes the table only with tableWrite (or the scoped writes of accounts)', (id) => {
    const writes = withAction(id, /^dynamodb:(Put|Update|Delete|BatchWrite)/);
    const caps = featureCapabilities[featureOf(id)];
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

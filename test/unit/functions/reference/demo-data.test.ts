/**
 * docs/reference-data.md: the demo authority, the demo user grants and placeholder bank accounts never
 * load into a prod-like stage. The deploy-time loader (infra/seed/custom-resource.ts) loads demo
 * data only when CDK says `DEMO_DATA=included` (a test stage); the functions' own catalogue and the
 * payment options follow DEMO_DATA too.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import paymentOptions from '../../../../shared/reference/payment-options.json' with { type: 'json' };
import { PaymentOptionsReference } from '../../../../shared/schemas/payments.js';
import { handler } from '../../../../infra/seed/custom-resource.js';
import { referenceData } from '../../../../functions/reference/data.js';
import {
  DEMO_AUTHORITY_IDS,
  isDemoGrant,
  withoutPlaceholderAccounts,
} from '../../../../functions/reference/demo-data.js';
import { fakeTable } from '../reference-table.js';

vi.hoisted(() => {
  process.env.TABLE_NAME = 'portal-table';
});

const ddb = mockClient(DynamoDBDocumentClient);
let table: ReturnType<typeof fakeTable>;
beforeEach(() => {
  ddb.reset();
  table = fakeTable(ddb);
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
});
afterEach(() => {
  delete process.env.DEMO_DATA;
});

const create = {
  RequestType: 'Create',
  ServiceToken: 'arn:aws:lambda:ap-southeast-2:1:function:p',
  ResponseURL: 'https://example.test',
  StackId: 's',
  RequestId: 'r',
  LogicalResourceId: 'Load',
  ResourceType: 'Custom::ReferenceData',
  ResourceProperties: { ServiceToken: 'x', DataHash: 'abc' },
} as unknown as CloudFormationCustomResourceEvent;

const stored = () => [...table.items.values()];
const authorities = () =>
  stored()
    .filter((i) => i.__edb_e__ === 'authority')
    .map((i) => i.authorityId);
const grants = () =>
  stored()
    .filter((i) => i.__edb_e__ === 'userAuthority')
    .map((i) => `${String(i.userId)} → ${String(i.authorityId)}`);

describe('the deploy-time reference loader', () => {
  it('a prod-like stage (DEMO_DATA=excluded): no demo authority, no demo grant', async () => {
    process.env.DEMO_DATA = 'excluded';
    await handler(create);
    expect(authorities()).toContain('wcc');
    expect(authorities()).not.toContain('demo-ibca');
    expect(grants().filter((g) => g.includes('demo'))).toEqual([]);
  });

  it('unset (the loader runs only on AWS): the same, demo data is never the default there', async () => {
    await handler(create);
    expect(authorities()).not.toContain('demo-ibca');
    expect(grants()).toEqual([]);
  });

  it('a test stage (DEMO_DATA=included) gets the demo authority and its grant', async () => {
    process.env.DEMO_DATA = 'included';
    await handler(create);
    expect(authorities()).toContain('demo-ibca');
    expect(grants()).toContain('email:applicant@demo.consent.nz → demo-ibca');
  });

  it('a stage that loaded demo data before loses it at the next prod-like load', async () => {
    process.env.DEMO_DATA = 'included';
    await handler(create);
    process.env.DEMO_DATA = 'excluded';
    const updated = await handler({ ...create, RequestType: 'Update' } as CloudFormationCustomResourceEvent);
    expect(Number(updated.Data?.Pruned)).toBeGreaterThanOrEqual(2);
    expect(authorities()).not.toContain('demo-ibca');
    expect(grants()).toEqual([]);
  });
});

describe('the catalogue every function reads', () => {
  it('has the demo authority only when demo data is included', () => {
    expect(referenceData('included').authorities.map((a) => a.id)).toContain('demo-ibca');
    const prod = referenceData('excluded');
    expect(prod.authorities.map((a) => a.id)).not.toContain('demo-ibca');
    expect(prod.images.map((i) => i.id)).not.toContain('demo-ibca-logo');
    expect(prod.userAuthorities.filter(isDemoGrant)).toEqual([]);
    expect(prod.authorities.length).toBe(referenceData('included').authorities.length - 1);
  });

  it('names every demo-looking authority of shared/reference as demo (a new one cannot slip through)', () => {
    const looksDemo = referenceData('included').authorities.filter(
      (a) =>
        /demo/i.test(`${a.id} ${a.name} ${a.displayName}`) ||
        /\.example\./i.test(`${a.website ?? ''} ${a.email ?? ''}`),
    );
    expect(looksDemo.map((a) => a.id).sort()).toEqual([...DEMO_AUTHORITY_IDS].sort());
  });
});

describe('placeholder bank accounts', () => {
  it('a prod-like stage offers no deposit into a 00-0000-… account; the other options stay', () => {
    const options = PaymentOptionsReference.parse(paymentOptions);
    expect(options.wcc!.deposit?.accountNumber).toMatch(/^00-0000-/);
    const prod = withoutPlaceholderAccounts(options);
    for (const [id, o] of Object.entries(prod)) {
      expect(o.deposit, id).toBeUndefined();
      expect(o.gateway, id).toEqual(options[id]!.gateway);
      expect(o.council, id).toEqual(options[id]!.council);
    }
    const real = {
      wcc: { ...options.wcc!, deposit: { ...options.wcc!.deposit!, accountNumber: '01-0902-0068389-00' } },
    };
    expect(withoutPlaceholderAccounts(real)).toEqual(real);
  });
});

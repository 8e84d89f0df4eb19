/**
 * docs/architecture.md: a prod-like stage refuses test settings. Without `paymentGatewayUrl` (or with
 * the gateway's UAT address) its synth fails instead of falling back to UAT; every function of it
 * is told DEMO_DATA=excluded (the reference loader then loads no demo authority, grants or
 * placeholder bank accounts: test/unit/functions/reference/demo-data.test.ts), a test stage
 * DEMO_DATA=included. docs/architecture.md: every deposit account must pass the NZ bank account check,
 * and a prod-like stage refuses the placeholders (`00-0000-…`).
 */
import { describe, expect, it } from 'vitest';
import type { Template } from 'aws-cdk-lib/assertions';
import { buildTestApp, propsOf, sharedTestApp, template, validPaymentOptions } from './helpers.js';
import paymentOptions from '../../shared/reference/payment-options.json' with { type: 'json' };

const prod = { stage: 'prod', prodLike: true, paymentOptions: validPaymentOptions } as const;
const PROD_GATEWAY = 'https://sec.windcave.com';

type FnProps = { Environment?: { Variables?: Record<string, unknown> }; Description?: string };
const functionsOf = (t: Template) => propsOf(t, 'AWS::Lambda::Function') as FnProps[];
/** The portal's own functions (CDK's provider and bucket-deployment functions carry no POWERTOOLS name). */
const portalFunctions = (t: Template) =>
  functionsOf(t).filter((f) => f.Environment?.Variables?.POWERTOOLS_SERVICE_NAME !== undefined);

describe('a prod-like stage', () => {
  it('without paymentGatewayUrl: the synth fails (no fall-back to the UAT gateway)', () => {
    expect(() => buildTestApp({ config: prod })).toThrow(/paymentGatewayUrl/);
  });

  it("with the gateway's UAT address: the synth fails", () => {
    expect(() =>
      buildTestApp({ config: { ...prod, paymentGatewayUrl: 'https://uat.windcave.com' } }),
    ).toThrow(/UAT/);
  });

  it('with the production address: the payments functions use it', () => {
    const { stacks } = sharedTestApp({ config: { ...prod, paymentGatewayUrl: PROD_GATEWAY } });
    const urls = functionsOf(template(stacks.api))
      .map((f) => f.Environment?.Variables?.PAYMENT_GATEWAY_URL)
      .filter(Boolean);
    expect(urls.length).toBeGreaterThan(0);
    expect(new Set(urls)).toEqual(new Set([PROD_GATEWAY]));
  });

  it("with the repository's placeholder deposit accounts (00-0000-…): the synth fails, naming them", () => {
    expect(() =>
      buildTestApp({ config: { stage: 'prod', prodLike: true, paymentGatewayUrl: PROD_GATEWAY } }),
    ).toThrow(
      "Stage prod is prod-like: the deposit account of akl (00-0000-0000000-00), wcc (00-0000-0000001-00), ccc (00-0000-0000002-00), tcc (00-0000-0000003-00) is a placeholder, not a bank account. Put each council's own account in shared/reference/payment-options.json (it must pass the NZ bank account check), or remove its deposit option.",
    );
    const onePlaceholder = {
      ...validPaymentOptions,
      wcc: {
        ...paymentOptions.wcc,
        deposit: { ...paymentOptions.wcc.deposit, accountNumber: '00-0000-0000001-00' },
      },
    };
    expect(() =>
      buildTestApp({ config: { ...prod, paymentGatewayUrl: PROD_GATEWAY, paymentOptions: onePlaceholder } }),
    ).toThrow(/the deposit account of wcc \(00-0000-0000001-00\) is a placeholder/);
  });

  it('with a deposit account that fails the NZ bank account check: the synth fails with the field and reason', () => {
    const wrong = {
      ...validPaymentOptions,
      tcc: {
        ...paymentOptions.tcc,
        deposit: { ...paymentOptions.tcc.deposit, accountNumber: '01-902-0068388-00' },
      },
    };
    expect(() =>
      buildTestApp({ config: { ...prod, paymentGatewayUrl: PROD_GATEWAY, paymentOptions: wrong } }),
    ).toThrow(
      'shared/reference/payment-options.json: tcc.deposit.accountNumber: The check digits do not match (algorithm A): not an account of bank 01; check each digit',
    );
  });

  it('every function of every stack gets DEMO_DATA=excluded; the loader runs again when it changes', () => {
    const { stacks } = sharedTestApp({ config: { ...prod, paymentGatewayUrl: PROD_GATEWAY } });
    let n = 0;
    for (const stack of [stacks.data, stacks.auth, stacks.workflows, stacks.api, stacks.web]) {
      for (const f of portalFunctions(template(stack))) {
        expect(f.Environment?.Variables?.DEMO_DATA, f.Description).toBe('excluded');
        n++;
      }
    }
    expect(n).toBeGreaterThan(20);
    expect(propsOf(template(stacks.data), 'Custom::ReferenceData')[0]).toMatchObject({
      DemoData: 'excluded',
    });
  });
});

describe('a test stage', () => {
  it("keeps the repository's placeholder deposit accounts, but refuses an account that fails the check", () => {
    expect(() => sharedTestApp({ config: { stage: 'dev', prodLike: false } })).not.toThrow();
    const wrong = {
      ...paymentOptions,
      akl: {
        ...paymentOptions.akl,
        deposit: { ...paymentOptions.akl.deposit, accountNumber: '07-0001-0000001-00' },
      },
    };
    expect(() => buildTestApp({ config: { stage: 'dev', prodLike: false, paymentOptions: wrong } })).toThrow(
      'shared/reference/payment-options.json: akl.deposit.accountNumber: Bank 07 is not a New Zealand bank number',
    );
  });

  it('falls back to the UAT gateway and includes the demo data', () => {
    const { stacks } = sharedTestApp({ config: { stage: 'dev', prodLike: false } });
    const api = template(stacks.api);
    expect(
      new Set(
        functionsOf(api)
          .map((f) => f.Environment?.Variables?.PAYMENT_GATEWAY_URL)
          .filter(Boolean),
      ),
    ).toEqual(new Set(['https://uat.windcave.com']));
    for (const f of portalFunctions(api)) expect(f.Environment?.Variables?.DEMO_DATA).toBe('included');
    expect(propsOf(template(stacks.data), 'Custom::ReferenceData')[0]).toMatchObject({
      DemoData: 'included',
    });
  });
});

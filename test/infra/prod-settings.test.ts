/**
 * Issue 33 point 8: a prod-like stage refuses test settings. Without `paymentGatewayUrl` (or with
 * the gateway's UAT address) its synth fails instead of falling back to UAT; every function of it
 * is told DEMO_DATA=excluded (the reference loader then loads no demo authority, grants or
 * placeholder bank accounts: test/unit/functions/reference/demo-data.test.ts), a test stage
 * DEMO_DATA=included.
 */
import { describe, expect, it } from 'vitest';
import type { Template } from 'aws-cdk-lib/assertions';
import { buildTestApp, propsOf, template } from './helpers.js';

const prod = { stage: 'prod', prodLike: true } as const;
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
    const { stacks } = buildTestApp({ config: { ...prod, paymentGatewayUrl: PROD_GATEWAY } });
    const urls = functionsOf(template(stacks.api))
      .map((f) => f.Environment?.Variables?.PAYMENT_GATEWAY_URL)
      .filter(Boolean);
    expect(urls.length).toBeGreaterThan(0);
    expect(new Set(urls)).toEqual(new Set([PROD_GATEWAY]));
  });

  it('every function of every stack gets DEMO_DATA=excluded; the loader runs again when it changes', () => {
    const { stacks } = buildTestApp({ config: { ...prod, paymentGatewayUrl: PROD_GATEWAY } });
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
  it('falls back to the UAT gateway and includes the demo data', () => {
    const { stacks } = buildTestApp({ config: { stage: 'dev', prodLike: false } });
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

import { Stack, Validations } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { describe, expect, it } from 'vitest';
import { NAG_PATTERN_ACK, PortalNagChecks } from '../../infra/constructs/nag.js';
import { routes, type RouteDef, defineRoute, signedIn } from '../../functions/routes.js';
import { buildTestApp, sharedTestApp, validPaymentOptions } from './helpers.js';

const summarise = (report: ReturnType<PortalNagChecks['validateScope']>) =>
  report.violations.map(
    (v) => `${v.severity} ${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`,
  );

describe('cdk-nag AwsSolutions', () => {
  // The dev app is the one other files read (sharedTestApp): the checks and the reasons only read it.
  it('finds no unacknowledged violation in the whole app (dev)', () => {
    const { app } = sharedTestApp();
    app.synth();
    const report = new PortalNagChecks(app).validateScope(app);
    expect(summarise(report)).toEqual([]);
    expect(report.success).toBe(true);
  });

  it('finds none in a prod-like stage with threat protection, a ClamAV layer and every capability routed', () => {
    const more: RouteDef[] = [
      defineRoute('POST', '/user/access-requests-v2', 'access-requests', signedIn),
      defineRoute('POST', '/user/applications/{id}/documents', 'documents', signedIn),
      defineRoute('POST', '/user/applications/{id}/participants', 'participants', signedIn),
    ];
    const { app } = buildTestApp({
      config: {
        stage: 'prod',
        prodLike: true,
        paymentGatewayUrl: 'https://sec.windcave.com',
        paymentOptions: validPaymentOptions,
        threatProtection: true,
        mailFrom: 'no-reply@portal.example.nz',
        // Routes of resources not routed yet stand in for them; those already in the table are kept once.
        routes: [
          ...routes,
          ...more.filter((m) => !routes.some((r) => r.method === m.method && r.path === m.path)),
        ],
      },
      context: { clamavLayerArn: 'arn:aws:lambda:ap-southeast-2:123456789012:layer:clamav:1' },
    });
    app.synth();
    expect(summarise(new PortalNagChecks(app).validateScope(app))).toEqual([]);
  });

  it('runs as a synth-time plugin: the app synthesises with it, and a violation fails the synth', () => {
    const ok = buildTestApp({ nag: true });
    expect(() => ok.app.synth()).not.toThrow();

    const bad = buildTestApp({ nag: true });
    new Bucket(bad.stacks.data as Stack, 'Unlogged');
    expect(() => bad.app.synth()).toThrow(/Validation failed|AwsSolutions/);
  });

  it('gives every acknowledgement a specific reason', () => {
    const { app } = sharedTestApp();
    app.synth();
    const reasons: string[] = [];
    for (const c of app.node.findAll()) {
      for (const m of c.node.metadata) {
        if (m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
          reasons.push(...Object.values(m.data as Record<string, string>));
        if (m.type === NAG_PATTERN_ACK) reasons.push((m.data as { reason: string }).reason);
      }
    }
    expect(reasons.length).toBeGreaterThan(10);
    for (const r of reasons) expect(r.length, r).toBeGreaterThan(40);
  });
});

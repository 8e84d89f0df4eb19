/**
 * Links that leave the portal (mails, the card gateway's return and notification URLs) are built
 * from the web's own URL (functions/platform/adapters/web-url.ts: WEB_URL, or WEB_URL_PARAMETER read
 * from SSM). Every deployed function whose bundle keeps that code after tree-shaking gets one of the
 * two, and with the parameter the right to read exactly it — otherwise, on AWS only (the local stack
 * sets WEB_URL for every function), its links are relative: a digest's unsubscribe link, a payment
 * reminder's link, or a card session the gateway cannot return from.
 */
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { entryMetadataKey } from '../../infra/constructs/portal-function.js';
import { appBundles } from './app-bundles.js';
import { sharedTestApp } from './helpers.js';

const WEB_URL_MODULE = 'functions/platform/adapters/web-url.ts';

interface Resource {
  Type: string;
  Metadata?: Record<string, string>;
  Properties: Record<string, unknown>;
}

interface DeployedFunction {
  entry: string;
  name: string;
  env: Record<string, unknown>;
  /** The SSM parameters its role may read (ARN strings, joined as CloudFormation writes them). */
  ssmReads: string[];
}

function deployedFunctions(): DeployedFunction[] {
  const { stacks } = sharedTestApp();
  return Object.values(stacks)
    .filter((v): v is Stack => v instanceof Stack)
    .flatMap((stack) => {
      const resources = (Template.fromStack(stack).toJSON() as { Resources: Record<string, Resource> })
        .Resources;
      const policies = Object.values(resources).filter((r) => r.Type === 'AWS::IAM::Policy');
      return Object.entries(resources).flatMap(([id, r]) => {
        const entry = r.Type === 'AWS::Lambda::Function' ? r.Metadata?.[entryMetadataKey] : undefined;
        if (!entry) return [];
        const role = (r.Properties.Role as { 'Fn::GetAtt'?: [string] })['Fn::GetAtt']?.[0];
        const ssmReads = policies
          .filter((p) => (p.Properties.Roles as { Ref: string }[] | undefined)?.some((x) => x.Ref === role))
          .flatMap(
            (p) =>
              (p.Properties.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] })
                .Statement,
          )
          .filter((st) => [st.Action].flat().includes('ssm:GetParameter'))
          .flatMap((st) => [st.Resource].flat().map((res) => JSON.stringify(res)));
        return [
          {
            entry,
            name: `${stack.stackName}/${id}`,
            env:
              (r.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ??
              {},
            ssmReads,
          },
        ];
      });
    });
}

describe("the web's URL in deployed functions", () => {
  let functions: DeployedFunction[];
  beforeAll(() => {
    functions = deployedFunctions();
  }, 600_000);

  it(
    'every function whose bundle builds links has WEB_URL or WEB_URL_PARAMETER, and may read that parameter',
    { timeout: 600_000 },
    async () => {
      const entries = [...new Set(functions.map((f) => f.entry))].sort();
      const building = new Set(
        (await appBundles(entries)).filter((b) => b.emitted.includes(WEB_URL_MODULE)).map((b) => b.entry),
      );
      // The ones this test exists for: the card session's URLs, the payer's reminder, the digest.
      for (const entry of [
        'functions/payments/handler.ts',
        'functions/payments/scheduled.ts',
        'functions/notifications/scheduled.ts',
      ])
        expect(building, entry).toContain(entry);
      const missing: string[] = [];
      for (const f of functions.filter((x) => building.has(x.entry))) {
        const parameter = f.env.WEB_URL_PARAMETER;
        if (typeof f.env.WEB_URL === 'string') continue;
        if (typeof parameter !== 'string')
          missing.push(`${f.name} (${f.entry}): no WEB_URL or WEB_URL_PARAMETER`);
        else if (!f.ssmReads.some((arn) => arn.includes(`parameter${parameter}`)))
          missing.push(`${f.name} (${f.entry}): may not read ${parameter}`);
      }
      expect(missing).toEqual([]);
    },
  );

  it('with context webUrl, the URL itself and no parameter read', () => {
    const stacks = sharedTestApp({ config: { webUrl: 'https://portal.example.nz' } }).stacks;
    const resources = Template.fromStack(stacks.api).toJSON().Resources as Record<string, Resource>;
    const scheduled = Object.values(resources).find(
      (r) =>
        r.Type === 'AWS::Lambda::Function' && r.Properties.Description === 'Scheduled jobs: notifications',
    )!;
    const env = (scheduled.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(env.WEB_URL).toBe('https://portal.example.nz');
    expect(env.WEB_URL_PARAMETER).toBeUndefined();
  });
});

import type { Template } from 'aws-cdk-lib/assertions';
import type { App } from 'aws-cdk-lib';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, propsOf, sharedTestApp, template } from './helpers.js';

type Json = Record<string, unknown>;

/** config.json as the Web stack deploys it. */
function deployedConfig(app: App): Json {
  const assembly = app.synth();
  const file = readdirSync(assembly.directory)
    .filter((d) => d.startsWith('asset.'))
    .map((d) => path.join(assembly.directory, d, 'config.json'))
    .find((f) => existsSync(f))!;
  return JSON.parse(readFileSync(file, 'utf8')) as Json;
}

const connectSrc = (t: Template): string => {
  const policy = propsOf(t, 'AWS::CloudFront::ResponseHeadersPolicy')[0]!.ResponseHeadersPolicyConfig as {
    SecurityHeadersConfig: { ContentSecurityPolicy: { ContentSecurityPolicy: unknown } };
  };
  const csp = JSON.stringify(policy.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy);
  return /connect-src [^;]*/.exec(csp)![0];
};

describe('browser error reporting (CloudWatch RUM) in the Web stack', () => {
  let t: Template;
  let app: App;
  beforeAll(() => {
    const built = sharedTestApp();
    app = built.app;
    t = template(built.stacks.web);
  });

  it('has an app monitor for the SPA’s domain: no X-Ray, no cookies, no CloudWatch Logs copy, custom events on', () => {
    t.resourceCountIs('AWS::RUM::AppMonitor', 1);
    const monitor = propsOf(t, 'AWS::RUM::AppMonitor')[0]!;
    expect(monitor.Name).toBe('consent-portal-dev');
    expect(monitor.DomainList).toEqual([
      { 'Fn::GetAtt': [expect.stringMatching(/^Distribution/), 'DomainName'] },
    ]);
    expect(monitor.CwLogEnabled).toBe(false);
    expect(monitor.CustomEvents).toEqual({ Status: 'ENABLED' });
    expect(monitor.AppMonitorConfiguration).toMatchObject({
      EnableXRay: false,
      AllowCookies: false,
      Telemetries: ['errors'],
      IdentityPoolId: { Ref: expect.stringMatching(/IdentityPool/) },
    });
  });

  it('gives guests of its identity pool one permission: rum:PutRumEvents on this app monitor', () => {
    t.resourceCountIs('AWS::Cognito::IdentityPool', 1);
    t.hasResourceProperties('AWS::Cognito::IdentityPool', {
      AllowUnauthenticatedIdentities: true,
      AllowClassicFlow: false,
    });
    const attachment = propsOf(t, 'AWS::Cognito::IdentityPoolRoleAttachment')[0]!;
    const roleId = ((attachment.Roles as Json).unauthenticated as { 'Fn::GetAtt': string[] })[
      'Fn::GetAtt'
    ][0]!;
    expect(Object.keys(attachment.Roles as Json)).toEqual(['unauthenticated']);
    const role = t.toJSON().Resources[roleId].Properties as Json;
    expect(role.AssumeRolePolicyDocument).toEqual({
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Principal: { Federated: 'cognito-identity.amazonaws.com' },
          Action: 'sts:AssumeRoleWithWebIdentity',
          Condition: {
            StringEquals: {
              'cognito-identity.amazonaws.com:aud': { Ref: expect.stringMatching(/IdentityPool/) },
            },
            'ForAnyValue:StringLike': { 'cognito-identity.amazonaws.com:amr': 'unauthenticated' },
          },
        },
      ],
    });
    expect(role.ManagedPolicyArns).toBeUndefined();
    expect(role.Policies).toBeUndefined();
    const policies = Object.values(t.findResources('AWS::IAM::Policy')).filter((p) =>
      JSON.stringify((p as { Properties: Json }).Properties.Roles).includes(roleId),
    );
    expect(policies).toHaveLength(1);
    const statements = (policies[0] as { Properties: { PolicyDocument: { Statement: Json[] } } }).Properties
      .PolicyDocument.Statement;
    expect(statements).toEqual([
      {
        Effect: 'Allow',
        Action: 'rum:PutRumEvents',
        Resource: {
          'Fn::Join': [
            '',
            [
              'arn:',
              { Ref: 'AWS::Partition' },
              ':rum:ap-southeast-2:',
              { Ref: 'AWS::AccountId' },
              ':appmonitor/consent-portal-dev',
            ],
          ],
        },
      },
    ]);
  });

  it('lets the SPA reach exactly RUM’s data plane and Cognito’s identity endpoint besides its own', () => {
    const src = connectSrc(t);
    expect(src).toContain('https://cognito-identity.ap-southeast-2.amazonaws.com');
    expect(src).toContain('https://dataplane.rum.ap-southeast-2.amazonaws.com');
    // Only those two besides 'self', Cognito's user pool endpoint and the uploads bucket: no
    // wildcard, no STS (the enhanced flow gets credentials from cognito-identity itself).
    expect(src).not.toMatch(/\*|sts\./);
    expect(src).toMatch(
      /^connect-src 'self' https:\/\/cognito-idp\.ap-southeast-2\.",\{"Ref":"AWS::URLSuffix"\}," https:\/\/",\{"Fn::ImportValue":"[^"]+Uploads[^"]+"\}," https:\/\/cognito-identity\.ap-southeast-2\.amazonaws\.com https:\/\/dataplane\.rum\.ap-southeast-2\.amazonaws\.com$/,
    );
  });

  it('tells the SPA the monitor, the pool, the region and the spec’s 0.3 in config.json', () => {
    const config = deployedConfig(app);
    expect(config.rum).toEqual({
      appMonitorId: expect.stringMatching(/^<<marker:/),
      identityPoolId: expect.stringMatching(/^<<marker:/),
      region: 'ap-southeast-2',
      errorSampleRate: 0.3,
    });
  });

  it('is left out with -c rum=false: no monitor, no identity pool, no rum in config.json or the CSP', () => {
    const built = buildTestApp({ context: { rum: 'false' } });
    const off = template(built.stacks.web);
    off.resourceCountIs('AWS::RUM::AppMonitor', 0);
    off.resourceCountIs('AWS::Cognito::IdentityPool', 0);
    expect(connectSrc(off)).not.toMatch(/rum|cognito-identity/);
    expect(deployedConfig(built.app).rum).toBeUndefined();
  });

  it('takes another error sample rate from context, and refuses one outside 0..1', () => {
    const built = buildTestApp({ context: { rumErrorSampleRate: '1' } });
    expect((deployedConfig(built.app).rum as Json).errorSampleRate).toBe(1);
    expect(() => buildTestApp({ context: { rumErrorSampleRate: '30' } })).toThrow(/rumErrorSampleRate/);
  });
});

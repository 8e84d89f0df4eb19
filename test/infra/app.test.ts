import { App } from 'aws-cdk-lib';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configFromContext } from '../../infra/stacks/index.js';
import { buildTestApp, template } from './helpers.js';

describe('the CDK app', () => {
  const { app, stacks } = buildTestApp();

  it('creates eight stacks named ConsentPortal-<stage>-<part>: six in ap-southeast-2, the WAF and the edge logs in us-east-1', () => {
    expect(stacks.waf.stackName).toBe('ConsentPortal-dev-Waf');
    expect(stacks.waf.region).toBe('us-east-1');
    expect(stacks.edgeLogs.stackName).toBe('ConsentPortal-dev-EdgeLogs');
    expect(stacks.edgeLogs.region).toBe('us-east-1');
    const all = [stacks.data, stacks.auth, stacks.workflows, stacks.api, stacks.web, stacks.operations];
    expect(all.map((s) => s.stackName)).toEqual([
      'ConsentPortal-dev-Data',
      'ConsentPortal-dev-Auth',
      'ConsentPortal-dev-Workflows',
      'ConsentPortal-dev-Api',
      'ConsentPortal-dev-Web',
      'ConsentPortal-dev-Operations',
    ]);
    for (const s of all) expect(s.region).toBe('ap-southeast-2');
    expect(app.node.children).toHaveLength(8);
  });

  it('has exactly the documented outputs across its stacks', () => {
    const outputs = [
      stacks.data,
      stacks.auth,
      stacks.api,
      stacks.web,
      stacks.workflows,
      stacks.operations,
    ].flatMap((s) => Object.keys(template(s).findOutputs('*')).filter((k) => !k.startsWith('ExportsOutput')));
    expect(outputs.sort()).toEqual(
      [
        'AlarmTopicArn',
        'ApiUrl',
        'CognitoEndpoint',
        'DashboardName',
        'CouncilTokenUrl',
        'CouncilUserPoolId',
        'Region',
        'TableName',
        'UploadsBucket',
        'UserPoolClientId',
        'UserPoolId',
        'WebUrl',
      ].sort(),
    );
  });

  it('orders the stacks data → auth → workflows → api → web, with the WAF before web', () => {
    app.synth(); // cross-stack references (and so dependencies) are resolved at synth
    const deps = (s: { dependencies: { stackName: string }[] }) =>
      s.dependencies.map((d) => d.stackName).sort();
    expect(deps(stacks.data)).toEqual([]);
    expect(deps(stacks.auth)).toEqual(['ConsentPortal-dev-Data']);
    expect(deps(stacks.workflows)).toEqual(['ConsentPortal-dev-Data']);
    // Api needs Workflows (scheduler group and role) once a scheduling resource is routed.
    expect(deps(stacks.api)).toEqual(
      expect.arrayContaining(['ConsentPortal-dev-Auth', 'ConsentPortal-dev-Data']),
    );
    expect(deps(stacks.api)).not.toContain('ConsentPortal-dev-Web');
    expect(deps(stacks.waf)).toEqual([]);
    expect(deps(stacks.web)).toEqual([
      'ConsentPortal-dev-Api',
      'ConsentPortal-dev-Auth',
      'ConsentPortal-dev-Data',
      'ConsentPortal-dev-Waf',
    ]);
    // The access logs need the distribution and the log bucket.
    expect(deps(stacks.edgeLogs)).toEqual(['ConsentPortal-dev-Web']);
    // Alarms and the dashboard read the other regional stacks' names; nothing reads theirs.
    expect(deps(stacks.operations)).toEqual([
      'ConsentPortal-dev-Api',
      'ConsentPortal-dev-Auth',
      'ConsentPortal-dev-Data',
      'ConsentPortal-dev-Workflows',
    ]);
    for (const s of Object.values(stacks).filter((x) => x !== stacks.operations && 'dependencies' in x))
      expect(deps(s as { dependencies: { stackName: string }[] })).not.toContain(
        'ConsentPortal-dev-Operations',
      );
  });

  it('reads stage, region and options from context', () => {
    const node = new App({
      context: {
        stage: 'prod',
        region: 'ap-southeast-4',
        clamavLayerArn: 'arn:x',
        webOrigins: 'https://a.nz',
      },
    }).node;
    expect(configFromContext(node, {})).toMatchObject({
      stage: 'prod',
      region: 'ap-southeast-4',
      prodLike: true,
      clamavLayerArn: 'arn:x',
      uploadsCorsOrigins: ['https://a.nz'],
      threatProtection: false,
    });
    expect(
      configFromContext(new App({ context: { alarmEmail: 'oncall@example.nz' } }).node, {}).alarmEmail,
    ).toBe('oncall@example.nz');
    expect(() => configFromContext(new App({ context: { alarmEmail: 'not an address' } }).node, {})).toThrow(
      /alarmEmail/,
    );
    expect(
      configFromContext(new App({ context: { mapsKey: 'c01h3wgs0g0vbcfm6ph0nf5yb1d' } }).node, {}).mapsKey,
    ).toBe('c01h3wgs0g0vbcfm6ph0nf5yb1d');
    expect(configFromContext(new App().node, { CONSENT_PORTAL_MAPS_KEY: 'env-key-0123' }).mapsKey).toBe(
      'env-key-0123',
    );
    expect(configFromContext(new App().node, {}).mapsKey).toBeUndefined();
    expect(() => configFromContext(new App({ context: { mapsKey: 'a&b=c' } }).node, {})).toThrow(/mapsKey/);
    expect(configFromContext(new App().node, {})).toMatchObject({
      stage: 'dev',
      region: 'ap-southeast-2',
      prodLike: false,
    });
    expect(() => configFromContext(new App({ context: { stage: 'Prod!' } }).node, {})).toThrow(/stage/);
  });

  it('bin/app.ts builds the app with buildApp (the function the tests use)', () => {
    const src = readFileSync(new URL('../../bin/app.ts', import.meta.url), 'utf8');
    expect(src).toMatch(/buildApp\(app\)/);
  });
});

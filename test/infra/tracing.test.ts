import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { entryMetadataKey } from '../../infra/constructs/portal-function.js';
import { buildTestApp, propsOf } from './helpers.js';

/**
 * docs/tracing.md: every portal function is traced (X-Ray, active) and writes its metrics to the
 * stage's namespace, with the tracer told never to capture responses, error details or outgoing
 * HTTP calls; the extraction state machine is traced too.
 */
describe('tracing and the metrics namespace on every function', () => {
  const { app, stacks } = buildTestApp({ config: { stage: 'test' } });
  const templates = app.node.children
    .filter((c): c is Stack => c instanceof Stack)
    .map((s) => ({ name: s.stackName, t: Template.fromStack(s) }));
  const functions = templates.flatMap(({ name, t }) =>
    Object.entries(t.findResources('AWS::Lambda::Function'))
      .filter(([, r]) => (r as { Metadata?: Record<string, unknown> }).Metadata?.[entryMetadataKey])
      .map(([id, r]) => ({
        id: `${name}/${id}`,
        props: (r as { Properties: Record<string, unknown> }).Properties as {
          TracingConfig?: { Mode?: string };
          Environment?: { Variables?: Record<string, unknown> };
        },
      })),
  );

  it('finds the portal functions of every stack', () => {
    expect(functions.length).toBeGreaterThan(20);
  });

  it('every portal function has active tracing', () => {
    const untraced = functions.filter((f) => f.props.TracingConfig?.Mode !== 'Active').map((f) => f.id);
    expect(untraced).toEqual([]);
  });

  it("every portal function writes to the stage's namespace, the tracer capturing nothing personal", () => {
    for (const f of functions) {
      expect(f.props.Environment?.Variables, f.id).toMatchObject({
        POWERTOOLS_METRICS_NAMESPACE: 'ConsentPortal/test',
        POWERTOOLS_TRACER_CAPTURE_RESPONSE: 'false',
        POWERTOOLS_TRACER_CAPTURE_ERROR: 'false',
        POWERTOOLS_TRACER_CAPTURE_HTTPS_REQUESTS: 'false',
      });
    }
  });

  it("a portal function's wildcard-resource statements are X-Ray's (and the stream's ListStreams), nothing the tracing acknowledgement could hide", () => {
    let xray = 0;
    for (const { t } of templates) {
      const fnRoles = new Set(
        Object.values(t.findResources('AWS::Lambda::Function'))
          .filter((r) => (r as { Metadata?: Record<string, unknown> }).Metadata?.[entryMetadataKey])
          .map((r) => JSON.stringify((r as { Properties: { Role: unknown } }).Properties.Role)),
      );
      for (const policy of propsOf(t, 'AWS::IAM::Policy')) {
        const roles = (policy.Roles as unknown[]).map((r) =>
          JSON.stringify({ 'Fn::GetAtt': [(r as { Ref: string }).Ref, 'Arn'] }),
        );
        if (!roles.some((r) => fnRoles.has(r))) continue;
        const statements = (
          policy.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }
        ).Statement;
        for (const st of statements.filter((x) => x.Resource === '*')) {
          // dynamodb:ListStreams: CDK's grant of a stream event source (acknowledged where it is made).
          const actions = [st.Action].flat().filter((a) => a !== 'dynamodb:ListStreams');
          expect(
            actions.every((a) => a.startsWith('xray:')),
            JSON.stringify(st),
          ).toBe(true);
          if (actions.length) xray++;
        }
      }
    }
    expect(xray).toBeGreaterThanOrEqual(functions.length);
  });

  it('the extraction state machine is traced', () => {
    const machines = propsOf(Template.fromStack(stacks.workflows), 'AWS::StepFunctions::StateMachine');
    expect(machines.length).toBeGreaterThan(0);
    for (const m of machines) expect(m).toMatchObject({ TracingConfiguration: { Enabled: true } });
  });

  it('lists the functions that are not portal functions (CDK providers), so none slips by unseen', () => {
    const others = templates.flatMap(({ name, t }) =>
      Object.entries(t.findResources('AWS::Lambda::Function'))
        .filter(([, r]) => !(r as { Metadata?: Record<string, unknown> }).Metadata?.[entryMetadataKey])
        .map(([id]) => `${name}/${id}`),
    );
    expect(
      others.every((o) => /Custom|Provider|BucketNotificationsHandler|AWS[0-9a-f]{32}/.test(o)),
      others.join(', '),
    ).toBe(true);
  });
});

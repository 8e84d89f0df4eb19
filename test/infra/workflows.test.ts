import { Match, type Template } from 'aws-cdk-lib/assertions';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { clamavPaths, extractionAslPath } from '../../infra/stacks/index.js';
import { buildTestApp, propsOf, sharedTestApp, template } from './helpers.js';

const functionByDescription = (t: Template, prefix: string) =>
  Object.entries(t.findResources('AWS::Lambda::Function')).find(([, r]) =>
    String((r as { Properties: { Description?: string } }).Properties.Description).startsWith(prefix),
  )!;

describe('WorkflowsStack', () => {
  let t: Template;
  beforeAll(() => {
    t = template(sharedTestApp().stacks.workflows);
  });

  it('loads the state machine from infra/workflows/extraction.asl.json, substituting the extraction function', () => {
    t.resourceCountIs('AWS::StepFunctions::StateMachine', 1);
    const sm = propsOf(t, 'AWS::StepFunctions::StateMachine')[0]!;
    const [extractionId] = functionByDescription(t, 'Steps of the document-extraction');
    expect(sm.DefinitionSubstitutions).toEqual({
      ExtractionFunctionArn: { 'Fn::GetAtt': [extractionId, 'Arn'] },
    });

    const asl = readFileSync(extractionAslPath, 'utf8');
    const fakeArn = 'arn:aws:lambda:ap-southeast-2:123456789012:function:extraction';
    const substitute = (s: string) => s.replaceAll('${ExtractionFunctionArn}', fakeArn);
    expect(JSON.parse(substitute(sm.DefinitionString as string))).toEqual(JSON.parse(substitute(asl)));
    // Every placeholder of the file is substituted.
    const placeholders = new Set([...asl.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]));
    expect([...placeholders]).toEqual(Object.keys(sm.DefinitionSubstitutions as object));
  });

  it('lets the extraction function read documents/ and write only extracted/', () => {
    const policy = Object.entries(t.findResources('AWS::IAM::Policy')).find(([id]) =>
      id.startsWith('ExtractionServiceRole'),
    )!;
    const statements = (
      policy[1] as { Properties: { PolicyDocument: { Statement: { Action: unknown; Resource: unknown }[] } } }
    ).Properties.PolicyDocument.Statement;
    const put = statements.find((s) => JSON.stringify(s.Action).includes('s3:PutObject'))!;
    expect(JSON.stringify(put.Resource)).toContain('/extracted/*');
    expect(JSON.stringify(put.Resource)).not.toContain('/documents/*');
    const get = statements.find((s) => JSON.stringify(s.Action).includes('s3:GetObject'))!;
    expect(JSON.stringify(get.Resource)).toContain('/documents/*');
  });

  it('logs ALL with execution data and traces the state machine, and may invoke only the extraction function', () => {
    t.hasResourceProperties('AWS::StepFunctions::StateMachine', {
      StateMachineType: 'STANDARD',
      TracingConfiguration: { Enabled: true },
      LoggingConfiguration: Match.objectLike({ Level: 'ALL', IncludeExecutionData: true }),
    });
    const [extractionId] = functionByDescription(t, 'Steps of the document-extraction');
    t.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 'lambda:InvokeFunction',
            Resource: { 'Fn::GetAtt': [extractionId, 'Arn'] },
          }),
        ]),
      },
    });
  });

  it('triggers the scan function on ObjectCreated under incoming/ of the uploads bucket only (never thumbnails/)', () => {
    const [scanId] = functionByDescription(t, 'Scans uploaded documents');
    t.hasResourceProperties('Custom::S3BucketNotifications', {
      NotificationConfiguration: {
        LambdaFunctionConfigurations: [
          {
            Events: ['s3:ObjectCreated:*'],
            Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 'incoming/' }] } },
            LambdaFunctionArn: { 'Fn::GetAtt': [scanId, 'Arn'] },
          },
        ],
      },
      Managed: false,
    });
  });

  it('lets the scan function read and remove uploads, write scanned documents, use the table and start the extraction', () => {
    const [, scan] = functionByDescription(t, 'Scans uploaded documents');
    const env = (scan as { Properties: { Environment: { Variables: Record<string, unknown> } } }).Properties
      .Environment.Variables;
    expect(Object.keys(env)).toEqual(
      expect.arrayContaining([
        'TABLE_NAME',
        'UPLOADS_BUCKET',
        'EXTRACTION_STATE_MACHINE_ARN',
        'POWERTOOLS_SERVICE_NAME',
      ]),
    );
    // No layer given: no scanner paths either.
    expect(env.CLAMSCAN_PATH).toBeUndefined();
    const policy = Object.entries(t.findResources('AWS::IAM::Policy')).find(([id]) =>
      id.startsWith('ScanServiceRole'),
    )!;
    const doc = JSON.stringify(policy[1]);
    expect(doc).toContain('states:StartExecution');
    expect(doc).toContain('dynamodb:PutItem');
    const statements = (
      policy[1] as {
        Properties: { PolicyDocument: { Statement: { Action: string | string[]; Resource: unknown }[] } };
      }
    ).Properties.PolicyDocument.Statement;
    const s3On = (prefix: string) =>
      statements
        .filter((st) => JSON.stringify(st.Resource).includes(`/${prefix}*`))
        .flatMap((st) => [st.Action].flat())
        .filter((a) => a.startsWith('s3:'));
    expect(s3On('incoming/')).toEqual(expect.arrayContaining(['s3:GetObject*', 's3:DeleteObject*']));
    expect(s3On('incoming/')).not.toContain('s3:PutObject');
    expect(s3On('documents/')).toEqual(expect.arrayContaining(['s3:PutObject', 's3:DeleteObject*']));
    expect(s3On('documents/')).not.toContain('s3:GetObject*');
    expect(doc).not.toContain('thumbnails/');
    expect(doc).not.toContain('generated/');
  });

  it('attaches the ClamAV layer given by context clamavLayerArn and points the scanner env at it', () => {
    const layer = 'arn:aws:lambda:ap-southeast-2:123456789012:layer:clamav:3';
    const w = template(buildTestApp({ context: { clamavLayerArn: layer } }).stacks.workflows);
    w.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('^Scans uploaded documents'),
      Layers: [layer],
      Environment: { Variables: Match.objectLike(clamavPaths) },
    });
  });

  it('has a scheduler group and a role only EventBridge Scheduler of this account can assume', () => {
    t.resourceCountIs('AWS::Scheduler::ScheduleGroup', 1);
    t.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: 'consent-portal-dev' });
    t.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: {
        Statement: [
          Match.objectLike({
            Principal: { Service: 'scheduler.amazonaws.com' },
            Condition: Match.objectLike({ StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } }),
          }),
        ],
      },
    });
  });

  it('lets the event consumers that schedule jobs (organisations) schedule them in the portal group for any feature target, by name (no reference to the Api stack)', () => {
    const consumer = propsOf(t, 'AWS::Lambda::Function').find((f) =>
      String(f.Description).startsWith('Domain-event consumers of organisations:'),
    ) as { Environment: { Variables: Record<string, unknown> } };
    const vars = consumer.Environment.Variables;
    expect(vars.SCHEDULER_GROUP).toBeDefined();
    expect(vars.SCHEDULER_ROLE_ARN).toBeDefined();
    expect(JSON.stringify(vars.SCHEDULER_TARGET_ARN_TEMPLATE)).toContain(
      ':function:consent-portal-dev-{feature}-scheduled',
    );
    const [, policy] = Object.entries(t.findResources('AWS::IAM::Policy')).find(([id]) =>
      id.startsWith('EventConsumersOrganisations'),
    )!;
    const statements = (
      policy as { Properties: { PolicyDocument: { Statement: Record<string, unknown>[] } } }
    ).Properties.PolicyDocument.Statement;
    expect(statements).toContainEqual(
      expect.objectContaining({
        Action: 'iam:PassRole',
        Condition: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
    );
    const scheduling = statements.find((st) =>
      JSON.stringify(st.Action).includes('scheduler:CreateSchedule'),
    )!;
    expect(JSON.stringify(scheduling.Resource)).toContain(':schedule/');
    expect(JSON.stringify(scheduling.Resource)).toContain('/*');
  });

  it('runs every function on Node.js 22 arm64', () => {
    const fns = propsOf(t, 'AWS::Lambda::Function').filter((f) => String(f.Description ?? '').length > 0);
    expect(fns.length).toBeGreaterThanOrEqual(2);
    for (const f of fns.filter((f) => !String(f.Description).startsWith('AWS CloudFormation handler'))) {
      expect(f).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'] });
    }
  });
});

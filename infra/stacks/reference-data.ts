import { createHash } from 'node:crypto';
import { CustomResource, Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Provider } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { acknowledge, findings, lambdaBasicExecutionPolicy } from '../constructs/nag.js';
import { DEMO_DATA_CONTEXT, PortalFunction } from '../constructs/portal-function.js';
import { referenceFiles } from '../../functions/reference/data.js';

/** A hash of everything the loader writes: a change makes CloudFormation run the loader again. */
export function referenceDataHash(): string {
  return createHash('sha256').update(JSON.stringify(referenceFiles)).digest('hex').slice(0, 16);
}

export interface ReferenceDataProps {
  table: ITable;
}

/**
 * Loads shared/reference/ into the table on every deploy that changes it: a custom resource whose
 * handler (infra/seed/custom-resource.ts) runs the same idempotent loader as `npm start`.
 */
export class ReferenceData extends Construct {
  readonly loader: PortalFunction;
  readonly resource: CustomResource;

  constructor(scope: Construct, id: string, props: ReferenceDataProps) {
    super(scope, id);
    this.loader = new PortalFunction(this, 'Loader', {
      entry: 'infra/seed/custom-resource.ts',
      serviceName: 'consent-portal-reference-loader',
      description: 'Loads the reference data (shared/reference) into the table on deploy',
      timeout: Duration.minutes(5),
      environment: { TABLE_NAME: props.table.tableName },
    });
    // Batch puts of the reference items, and the user lookup by e-mail (gsi1) for the grants.
    props.table.grantReadWriteData(this.loader);
    acknowledge(this.loader, [
      {
        id: 'AwsSolutions-IAM5',
        reason:
          'The loader looks users up by e-mail on gsi1 to link the reference user-authority grants; table grants include `<table arn>/index/*`.',
        appliesTo: [findings.tableIndexes],
      },
    ]);

    const provider = new Provider(this, 'Provider', {
      onEventHandler: this.loader,
    });
    acknowledge(provider, [
      {
        id: 'AwsSolutions-IAM4',
        reason:
          'The CDK Provider framework function has AWSLambdaBasicExecutionRole: the AWS-maintained minimum (CloudWatch Logs only).',
        appliesTo: [lambdaBasicExecutionPolicy],
      },
      {
        id: 'AwsSolutions-IAM5',
        reason:
          'The CDK Provider framework invokes the loader function and its versions (`<function arn>:*`); it can invoke nothing else.',
        appliesTo: [/^Resource::<.*Loader.*\.Arn>:\*$/],
      },
      {
        id: 'AwsSolutions-L1',
        reason:
          'The Provider framework function is CDK’s own (its runtime is chosen by aws-cdk-lib and moves with CDK upgrades).',
      },
    ]);

    this.resource = new CustomResource(this, 'Load', {
      serviceToken: provider.serviceToken,
      resourceType: 'Custom::ReferenceData',
      // DemoData (DEMO_DATA, prod-like stages exclude it): a change runs the loader again.
      properties: {
        DataHash: referenceDataHash(),
        DemoData: this.node.tryGetContext(DEMO_DATA_CONTEXT) === 'included' ? 'included' : 'excluded',
      },
    });
  }
}

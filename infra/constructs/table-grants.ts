import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { tableReadActions, tableWriteActions } from '../stacks/api-grants.js';

/**
 * Items by key, queries and item writes on the table and its indexes, as the API's functions get
 * them (infra/stacks/api-grants.ts): never a Scan (only operator tools scan), never `dynamodb:*`.
 * For the event consumers and the merge worker (docs/authorization.md), instead of CDK's
 * grantReadWriteData, which includes Scan.
 */
export function grantTableItems(fn: IFunction, table: ITable): void {
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: [...tableReadActions, ...tableWriteActions],
      resources: [table.tableArn, `${table.tableArn}/index/*`],
    }),
  );
  table.grant(fn, 'dynamodb:DescribeTable');
}

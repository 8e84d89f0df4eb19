import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { tableReadActions, tableWriteActions } from '../stacks/api-grants.js';

/**
 * Items by key, queries and item writes on the table and its indexes, as the API's functions get
 * them (infra/stacks/api-grants.ts): never a Scan (only operator tools scan), never `dynamodb:*`,
 * and only in the partitions given (`dynamodb:LeadingKeys`, StringLike: ./consumer-grants.ts derives
 * them from the entities a function's code uses). For the event consumers and the merge worker
 * (docs/authorization.md), instead of CDK's grantReadWriteData, which includes Scan and every item.
 */
export function grantTableItemsIn(fn: IFunction, table: ITable, partitions: readonly string[]): void {
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: [...tableReadActions, ...tableWriteActions],
      resources: [table.tableArn, `${table.tableArn}/index/*`],
      conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...partitions] } },
    }),
  );
  table.grant(fn, 'dynamodb:DescribeTable');
}

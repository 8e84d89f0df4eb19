import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { seedReferenceData } from './seed-reference.js';

/**
 * The deploy-time reference-data loader (a CloudFormation custom resource behind the CDK Provider
 * framework, infra/stacks/reference-data.ts): Create and Update run the same idempotent loader as
 * `npm start`; Delete keeps the data (the table outlives the stack's resources). Env: TABLE_NAME, DEMO_DATA
 * (`included` in a test stage; otherwise the demo authority and its grants are not loaded).
 */
export async function handler(event: CloudFormationCustomResourceEvent) {
  const physicalResourceId = 'reference-data';
  if (event.RequestType === 'Delete') return { PhysicalResourceId: physicalResourceId };
  // Demo data only when CDK says so (a test stage); unset counts as a prod-like stage.
  const summary = await seedReferenceData({
    demoData: process.env.DEMO_DATA === 'included' ? 'included' : 'excluded',
  });
  console.log(JSON.stringify({ message: 'reference data loaded', ...summary }));
  return {
    PhysicalResourceId: physicalResourceId,
    Data: {
      Countries: String(summary.countries),
      Items: String(summary.items),
      UserAuthorities: String(summary.userAuthorities),
      Pruned: String(summary.pruned),
    },
  };
}

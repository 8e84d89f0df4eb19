import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { referenceDataHash } from '../../infra/stacks/reference-data.js';
import { propsOf, sharedTestApp, template } from './helpers.js';

describe('DataStack: reference data loaded on deploy', () => {
  let t: Template;
  beforeAll(() => {
    t = template(sharedTestApp().stacks.data);
  });

  it('a Custom::ReferenceData resource whose DataHash changes with shared/reference', () => {
    const props = propsOf(t, 'Custom::ReferenceData');
    expect(props).toHaveLength(1);
    expect(props[0]!.DataHash).toBe(referenceDataHash());
    expect(referenceDataHash()).toMatch(/^[0-9a-f]{16}$/);
  });

  it('the loader Lambda (Node 22, arm64) runs infra/seed/custom-resource.ts against the table', () => {
    t.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Loads the reference data (shared/reference) into the table on deploy',
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Environment: { Variables: Match.objectLike({ TABLE_NAME: { Ref: Match.stringLikeRegexp('^Table') } }) },
    });
  });

  it('the loader may write the table (batch puts) and read gsi1 (users by e-mail)', () => {
    const policies = propsOf(t, 'AWS::IAM::Policy').map((p) => JSON.stringify(p.PolicyDocument));
    const loader = policies.find((p) => p.includes('dynamodb:BatchWriteItem'));
    expect(loader).toBeDefined();
    expect(loader).toContain('dynamodb:Query');
  });
});

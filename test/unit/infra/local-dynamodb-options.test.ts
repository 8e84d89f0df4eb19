import { describe, expect, it } from 'vitest';
import { javaOptions } from '../../../infra/local/dynamodb';

describe("DynamoDB Local's JVM options", () => {
  it('runs C1 only unless told otherwise', () => {
    expect(javaOptions({})).toEqual(['-XX:TieredStopAtLevel=1']);
  });

  it('takes DYNAMODB_JAVA_OPTS in their place, split on spaces; empty means the JVM defaults', () => {
    expect(javaOptions({ DYNAMODB_JAVA_OPTS: '-XX:+UseSerialGC  -Xmx512m' })).toEqual([
      '-XX:+UseSerialGC',
      '-Xmx512m',
    ]);
    expect(javaOptions({ DYNAMODB_JAVA_OPTS: '' })).toEqual([]);
  });
});

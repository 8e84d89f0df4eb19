import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { handler } from '../../../../functions/accounts/post-confirmation.js';
import { lambdaContext } from '../helpers.js';

vi.hoisted(() => {
  process.env.TABLE_NAME = 'portal-table';
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
});

const ddb = mockClient(DynamoDBDocumentClient);
beforeEach(() => ddb.reset());

const event = (triggerSource: string): PostConfirmationTriggerEvent =>
  ({
    version: '1',
    region: 'ap-southeast-2',
    userPoolId: 'pool',
    userName: 'c0ffee-sub',
    triggerSource,
    callerContext: { awsSdkVersion: '3', clientId: 'client' },
    request: {
      userAttributes: {
        sub: 'c0ffee-sub',
        email: 'Ana@Example.NZ',
        given_name: 'Ana',
        family_name: 'Tui',
        email_verified: 'true',
      },
    },
    response: {},
  }) as PostConfirmationTriggerEvent;

describe('PostConfirmation trigger', () => {
  it('creates the user record from the attributes with a conditional put, and returns the event', async () => {
    ddb.on(PutCommand).resolves({});
    const e = event('PostConfirmation_ConfirmSignUp');
    expect(await handler(e, lambdaContext)).toBe(e);
    const put = ddb.commandCalls(PutCommand)[0]!.args[0].input;
    expect(put.TableName).toBe('portal-table');
    expect(put.Item).toMatchObject({
      pk: '$portal#userId_c0ffee-sub',
      sk: '$user_1',
      userId: 'c0ffee-sub',
      username: 'c0ffee-sub',
      email: 'ana@example.nz',
      firstName: 'Ana',
      lastName: 'Tui',
      emailPreference: true,
      defaultApplicationNotificationLevel: 'Normal',
    });
    expect(put.ConditionExpression).toContain('attribute_not_exists(#pk)');
  });

  it('a second confirmation is a no-op (the conditional put fails and is swallowed)', async () => {
    ddb
      .on(PutCommand)
      .resolvesOnce({})
      .rejects(
        new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} }),
      );
    const e = event('PostConfirmation_AdminConfirmSignUp');
    await handler(e, lambdaContext);
    expect(await handler(e, lambdaContext)).toBe(e);
    expect(ddb.commandCalls(PutCommand)).toHaveLength(2);
    expect(ddb.commandCalls(PutCommand)[1]!.args[0].input.ConditionExpression).toContain(
      'attribute_not_exists(#pk)',
    );
  });

  it('other table errors propagate (Cognito then reports the failure)', async () => {
    ddb.on(PutCommand).rejects(new Error('throttled'));
    await expect(handler(event('PostConfirmation_ConfirmSignUp'), lambdaContext)).rejects.toThrow();
  });

  it('a forgot-password confirmation writes nothing', async () => {
    const e = event('PostConfirmation_ConfirmForgotPassword');
    expect(await handler(e, lambdaContext)).toBe(e);
    expect(ddb.calls()).toHaveLength(0);
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { handler } from '../../../../functions/accounts/post-confirmation.js';
import { lambdaContext } from '../helpers.js';

vi.hoisted(() => {
  process.env.TABLE_NAME = 'portal-table';
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
});

const ddb = mockClient(DynamoDBDocumentClient);
const cognito = mockClient(CognitoIdentityProviderClient);
beforeEach(() => {
  ddb.reset();
  cognito.reset();
});

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
  const puts = (i: number) => ddb.commandCalls(TransactWriteCommand)[i]!.args[0].input.TransactItems!;

  it('creates the user record from the attributes with a conditional put and its UserRegistered event, and returns the event', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    const e = event('PostConfirmation_ConfirmSignUp');
    expect(await handler(e, lambdaContext)).toBe(e);
    const [put, outbox] = puts(0).map((t) => t.Put!);
    expect(put!.TableName).toBe('portal-table');
    expect(put!.Item).toMatchObject({
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
    expect(put!.ConditionExpression).toContain('attribute_not_exists(#pk)');
    expect(outbox!.Item).toMatchObject({ type: 'UserRegistered', data: { email: 'ana@example.nz' } });
  });

  it('a second confirmation is a no-op (the conditional put fails and is swallowed)', async () => {
    ddb
      .on(TransactWriteCommand)
      .resolvesOnce({})
      .rejects(
        new TransactionCanceledException({
          message:
            'Transaction cancelled, please refer cancellation reasons for specific reasons [ConditionalCheckFailed, None]',
          CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
          $metadata: {},
        }),
      );
    const e = event('PostConfirmation_AdminConfirmSignUp');
    await handler(e, lambdaContext);
    expect(await handler(e, lambdaContext)).toBe(e);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(2);
    expect(puts(1)[0]!.Put!.ConditionExpression).toContain('attribute_not_exists(#pk)');
  });

  it('other table errors propagate (Cognito then reports the failure)', async () => {
    ddb.on(TransactWriteCommand).rejects(new Error('throttled'));
    await expect(handler(event('PostConfirmation_ConfirmSignUp'), lambdaContext)).rejects.toThrow();
  });

  it("a password reset signs the user out everywhere on the event's pool (AdminUserGlobalSignOut) and writes nothing", async () => {
    cognito.on(AdminUserGlobalSignOutCommand).resolves({ $metadata: {} });
    const e = event('PostConfirmation_ConfirmForgotPassword');
    expect(await handler(e, lambdaContext)).toBe(e);
    expect(cognito.commandCalls(AdminUserGlobalSignOutCommand).map((c) => c.args[0].input)).toEqual([
      { UserPoolId: 'pool', Username: 'c0ffee-sub' },
    ]);
    expect(ddb.calls()).toHaveLength(0);
  });

  it('a failing sign-out fails the trigger (the reset reports it) rather than leave the sessions alive', async () => {
    cognito.on(AdminUserGlobalSignOutCommand).rejects(new Error('throttled'));
    await expect(handler(event('PostConfirmation_ConfirmForgotPassword'), lambdaContext)).rejects.toThrow();
  });

  it('a confirmed sign-up signs no one out', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    await handler(event('PostConfirmation_ConfirmSignUp'), lambdaContext);
    expect(cognito.calls()).toHaveLength(0);
  });
});

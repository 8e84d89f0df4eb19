import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createApplicationDocument } from '../../../../../functions/documents/repository/documents.js';
import { updateUserProfile } from '../../../../../functions/accounts/repository/users.js';

vi.hoisted(() => {
  process.env.TABLE_NAME = 'portal-table';
});

const ddb = mockClient(DynamoDBDocumentClient);
beforeEach(() => ddb.reset());

describe('document repository', () => {
  it('creates the record Pending, with a fresh incoming/ upload key (no file name in it), conditional on the name being free', async () => {
    ddb.on(PutCommand).resolves({});
    const doc = await createApplicationDocument({
      applicationId: 'a1',
      documentName: 'Site Plan.pdf',
      fileName: 'Site Plan.pdf',
      fileType: 'application/pdf',
      fileSize: 7000,
      documentContainerId: 'c1',
    });
    expect(doc).toMatchObject({ uploadStatus: 'Pending', documentContainerId: 'c1' });
    expect(doc.objectKey).toMatch(/^incoming\/a1\/[0-9a-f-]{36}$/);
    const put = ddb.commandCalls(PutCommand)[0]!.args[0].input;
    expect(put.Item).toMatchObject({
      pk: '$portal#applicationId_a1',
      sk: '$application#applicationDocument_1#documentName_Site Plan.pdf',
      gsi1pk: `$portal#objectKey_${doc.objectKey}`,
      uploadStatus: 'Pending',
      fileSize: 7000,
    });
    expect(put.ConditionExpression).toContain('attribute_not_exists(#pk)');
  });
});

describe('user repository', () => {
  it('updateUserProfile patches only the given fields of an existing user', async () => {
    ddb
      .on(UpdateCommand)
      .resolves({ Attributes: { userId: 'u1', username: 'u1', email: 'a@b.nz', firstName: 'Ana' } });
    const out = await updateUserProfile('u1', {
      firstName: 'Ana',
      lastName: undefined,
      emailPreference: false,
    });
    expect(out).toMatchObject({ userId: 'u1', firstName: 'Ana' });
    const input = ddb.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(input.Key).toEqual({ pk: '$portal#userId_u1', sk: '$user_1' });
    expect(input.ConditionExpression).toContain('attribute_exists(#pk)');
    expect(Object.values(input.ExpressionAttributeNames ?? {})).toEqual(
      expect.arrayContaining(['firstName', 'emailPreference']),
    );
    expect(Object.values(input.ExpressionAttributeNames ?? {})).not.toContain('lastName');
  });
});

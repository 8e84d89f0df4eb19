import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { claimCaptchaSolution } from '../../../../functions/accounts/repository/captcha.js';
import {
  acceptInvitationAsNewUser,
  createOrganisationInvitation,
  invitationByTokenHash,
} from '../../../../functions/accounts/repository/invitations.js';
import { linkSecretHash } from '../../../../functions/platform/link-secrets.js';
import { setAnnouncements, setMaintenance } from '../../../../functions/site/repository.js';

vi.hoisted(() => {
  process.env.TABLE_NAME = 'portal-table';
});

const ddb = mockClient(DynamoDBDocumentClient);
beforeEach(() => ddb.reset());
const conditionFailed = () => Object.assign(new Error('failed'), { name: 'ConditionalCheckFailedException' });

describe('captcha repository', () => {
  it('claims a solution with a conditional put and a TTL after the expiry; a second claim is false', async () => {
    ddb.on(PutCommand).resolves({});
    expect(await claimCaptchaSolution('abc', 1_800_000_000)).toBe(true);
    const put = ddb.commandCalls(PutCommand)[0]!.args[0].input;
    expect(put).toMatchObject({
      TableName: 'portal-table',
      Item: {
        pk: '$portal#signature_abc',
        sk: '$captchaUse_1',
        expiresAt: 1_800_000_000,
        ttl: 1_800_003_600,
      },
    });
    expect(put.ConditionExpression).toContain('attribute_not_exists(#pk)');
    ddb.reset();
    ddb.on(PutCommand).rejects(conditionFailed());
    expect(await claimCaptchaSolution('abc', 1_800_000_000)).toBe(false);
  });

  it('other errors propagate', async () => {
    ddb.on(PutCommand).rejects(new Error('throttled'));
    await expect(claimCaptchaSolution('abc', 1)).rejects.toThrow('throttled');
  });
});

describe('site settings repository', () => {
  it('puts the maintenance flag and validated announcements under their names', async () => {
    ddb.on(PutCommand).resolves({});
    await setMaintenance(true, 'ops');
    await setAnnouncements([{ id: 'a1', header: 'Hi', severity: 'info', persistent: false }]);
    const [m, a] = ddb.commandCalls(PutCommand).map((c) => c.args[0].input.Item);
    expect(m).toMatchObject({
      pk: '$portal#name_maintenance',
      sk: '$siteSetting_1',
      value: { isInMaintenance: true },
      updatedBy: 'ops',
    });
    expect(a).toMatchObject({ pk: '$portal#name_announcements', value: [{ id: 'a1', header: 'Hi' }] });
    await expect(setAnnouncements([{ header: 'no id' } as never])).rejects.toThrow();
  });
});

describe('invitation repository', () => {
  it('seeds a Pending invitation with its registration link: the secret returned, only its hash stored', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    ddb.on(GetCommand).callsFake((input: { Key: { pk: string } }) => ({
      Item: input.Key.pk.startsWith('$portal#invitationId_')
        ? {
            ...ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems![0]!.Put!.Item,
          }
        : undefined,
    }));
    const inv = await createOrganisationInvitation({
      invitationId: 'inv-1',
      organisationId: 'org-1',
      email: ' New@Example.NZ ',
      sentDate: '2026-01-01T00:00:00.000Z',
    });
    expect(inv).toMatchObject({
      status: 'Pending',
      expiryDate: '2026-01-08T00:00:00.000Z',
      email: 'new@example.nz',
    });
    expect(inv.invitationCode).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [put, link] = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(put!.Put!.Item).toMatchObject({
      pk: '$portal#invitationId_inv-1',
      sk: '$organisationInvitation_1',
      gsi1pk: '$portal#organisationId_org-1',
      gsi2pk: '$portal#email_new@example.nz',
      tokenHash: linkSecretHash(inv.invitationCode),
    });
    expect(put!.Put!.ConditionExpression).toContain('attribute_not_exists(#pk)');
    expect(link!.Put!.Item).toMatchObject({
      pk: `$portal#invitationTokenHash_${linkSecretHash(inv.invitationCode)}`,
      invitationId: 'inv-1',
      expiresAt: '2026-01-08T00:00:00.000Z',
    });
    expect(JSON.stringify(ddb.calls().map((c) => c.args[0].input))).not.toContain(inv.invitationCode);
  });

  it("finds an invitation by its link's hash only while the invitation still names that hash", async () => {
    const hash = linkSecretHash('the-secret');
    const edb = (entity: string) => ({ __edb_e__: entity, __edb_v__: '1' });
    const invitation = {
      ...edb('organisationInvitation'),
      invitationId: 'inv-1',
      organisationId: 'org-1',
      email: 'a@b.nz',
      tokenHash: hash,
    };
    ddb.on(GetCommand).callsFake((input: { Key: { pk: string } }) => ({
      Item:
        input.Key.pk === `$portal#invitationTokenHash_${hash}`
          ? {
              ...edb('organisationInvitationToken'),
              invitationTokenHash: hash,
              invitationId: 'inv-1',
              expiresAt: 'x',
              ttl: 1,
            }
          : input.Key.pk === '$portal#invitationId_inv-1'
            ? invitation
            : undefined,
    }));
    expect(await invitationByTokenHash(hash)).toMatchObject({ invitationId: 'inv-1' });
    expect(await invitationByTokenHash(linkSecretHash('another'))).toBeUndefined();
    // A newer link (a resend) replaced this one: the invitation names another hash.
    invitation.tokenHash = linkSecretHash('newer');
    expect(await invitationByTokenHash(hash)).toBeUndefined();
  });

  it('accepting: user + membership + invitation (used up: its hash removed) + UserRegistered + OrganisationInvitationClosed (the admins are told) in one transaction; the cancelled part names the outcome', async () => {
    const invitation = { invitationId: 'inv-1', organisationId: 'org-1', lastName: 'Tui' };
    const user = { userId: 'u1', username: 'u1', email: 'New@Example.nz' };
    const hash = linkSecretHash('the-secret');
    ddb.on(TransactWriteCommand).resolves({});
    expect(await acceptInvitationAsNewUser(invitation, hash, user, new Date('2026-01-05T00:00:00Z'))).toBe(
      'accepted',
    );
    const items = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items.map((i) => Object.keys(i)[0])).toEqual([
      'Put',
      'Put',
      'Update',
      'ConditionCheck',
      'Put',
      'Put',
    ]);
    // The organisation has not merged into another (docs/accounts.md: nobody joins a dissolved one).
    expect(items[3]!.ConditionCheck!.ConditionExpression).toContain('attribute_not_exists');
    expect(Object.values(items[2]!.Update!.ExpressionAttributeValues!)).toEqual(
      expect.arrayContaining(['Pending', '2026-01-05T00:00:00.000Z', 'Accepted', hash]),
    );
    expect(items[2]!.Update!.UpdateExpression).toMatch(/REMOVE/);
    expect(items[4]!.Put!.Item).toMatchObject({
      type: 'UserRegistered',
      aggregateType: 'user',
      aggregateId: 'u1',
      data: { email: 'new@example.nz' },
    });
    expect(items[5]!.Put!.Item).toMatchObject({
      type: 'OrganisationInvitationClosed',
      aggregateType: 'organisation',
      aggregateId: 'org-1',
      actor: 'u1',
      data: { invitationId: 'inv-1', status: 'Accepted', userId: 'u1' },
    });

    const cancel = (codes: string[]) =>
      Object.assign(new Error('cancelled'), {
        name: 'TransactionCanceledException',
        CancellationReasons: codes.map((Code) => ({ Code })),
      });
    ddb.reset();
    ddb
      .on(TransactWriteCommand)
      .rejects(cancel(['None', 'None', 'ConditionalCheckFailed', 'None', 'None', 'None']));
    expect(await acceptInvitationAsNewUser(invitation, hash, user)).toBe('invitationClosed');
    ddb.reset();
    ddb
      .on(TransactWriteCommand)
      .rejects(cancel(['ConditionalCheckFailed', 'None', 'None', 'None', 'None', 'None']));
    expect(await acceptInvitationAsNewUser(invitation, hash, user)).toBe('userExists');
    ddb.reset();
    ddb
      .on(TransactWriteCommand)
      .rejects(cancel(['None', 'None', 'None', 'ConditionalCheckFailed', 'None', 'None']));
    expect(await acceptInvitationAsNewUser(invitation, hash, user)).toBe('invitationClosed');
  });
});

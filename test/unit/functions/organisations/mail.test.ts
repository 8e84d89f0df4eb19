import { describe, expect, it, vi } from 'vitest';
import {
  organisationConsumers,
  type OrganisationMailPorts,
} from '../../../../functions/organisations/consumers.js';
import { INVITATION_MAIL_SUBJECT } from '../../../../functions/organisations/service/mail.js';
import { linkSecretHash } from '../../../../functions/platform/link-secrets.js';
import type { MailMessage } from '../../../../functions/platform/adapters/mail.js';
import type { InvitationRecord } from '../../../../functions/organisations/repository/invitations.js';
import type { ExpirySchedulePorts } from '../../../../functions/organisations/service/expiry.js';

vi.hoisted(() => {
  process.env.TABLE_NAME = 'portal-table';
});

const NOW = new Date('2026-03-02T00:00:00.000Z');
const SECRET = 'c2VjcmV0LW9mLXRoaXMtbWFpbC1vbmx5LTMyLWJ5dGVz';

const invitation = (extra: Partial<InvitationRecord> = {}): InvitationRecord =>
  ({
    invitationId: 'inv-1',
    organisationId: 'org-1',
    organisationName: 'Kauri Design Ltd',
    email: 'hine@example.nz',
    firstName: 'Hine',
    status: 'Pending',
    sentDate: '2026-03-01T00:00:00.000Z',
    expiryDate: '2026-03-08T00:00:00.000Z',
    ...extra,
  }) as InvitationRecord;

function setup(opts: { inv?: InvitationRecord; hasAccount?: boolean; linkWritten?: boolean } = {}) {
  const sent: MailMessage[] = [];
  const links: { invitationId: string; tokenHash: string; now: string }[] = [];
  const ports: OrganisationMailPorts = {
    invitation: async () => opts.inv ?? invitation(),
    mergeInvitation: async () => undefined,
    hasAccount: async () => opts.hasAccount ?? false,
    writeRegistrationLink: async (inv, tokenHash, now) => {
      links.push({ invitationId: inv.invitationId, tokenHash, now });
      return opts.linkWritten ?? true;
    },
    newSecret: () => SECRET,
    sendMail: async (m) => void sent.push(m),
    webUrl: async () => 'https://portal.example.nz',
    now: () => NOW,
  };
  const consumer = organisationConsumers(ports, {} as ExpirySchedulePorts).find(
    (c) => c.name === 'organisations.invitationMail',
  )!;
  const logger = { info: () => undefined };
  const run = () =>
    consumer.handle(
      {
        eventId: 'e1',
        type: 'OrganisationInvitationSent',
        occurredAt: NOW.toISOString(),
        actor: 'ann',
        aggregate: { type: 'organisation', id: 'org-1' },
        data: { invitationId: 'inv-1', email: 'hine@example.nz', resent: false },
      } as never,
      { logger } as never,
    );
  return { sent, links, run };
}

describe('the invitation mail (organisations.invitationMail)', () => {
  it('a person without an account: a fresh secret in the link’s fragment, only its hash stored for the invitation', async () => {
    const { sent, links, run } = setup();
    await run();
    expect(links).toEqual([
      { invitationId: 'inv-1', tokenHash: linkSecretHash(SECRET), now: NOW.toISOString() },
    ]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'hine@example.nz', subject: INVITATION_MAIL_SUBJECT });
    expect(sent[0]!.text).toContain(
      `Create your account to join: https://portal.example.nz/registration-via-invitation#code=${SECRET}`,
    );
    // Neither the invitation's id (its inviter reads it back) nor a query string carries anything.
    expect(sent[0]!.text).not.toContain('inv-1');
    expect(sent[0]!.text).not.toContain('?code=');
    expect(sent[0]!.text).not.toContain(linkSecretHash(SECRET));
  });

  it('a person with an account: the dashboard, no link secret', async () => {
    const { sent, links, run } = setup({ hasAccount: true });
    await run();
    expect(links).toEqual([]);
    expect(sent[0]!.text).toContain(
      'Sign in to accept or decline it on your dashboard: https://portal.example.nz/',
    );
    expect(sent[0]!.text).not.toContain('registration-via-invitation');
  });

  it('an invitation closed or expired before its link is stored: no mail', async () => {
    const closed = setup({ linkWritten: false });
    await closed.run();
    expect(closed.sent).toEqual([]);
    const revoked = setup({ inv: invitation({ status: 'Revoked' }) });
    await revoked.run();
    expect(revoked.links).toEqual([]);
    expect(revoked.sent).toEqual([]);
  });
});

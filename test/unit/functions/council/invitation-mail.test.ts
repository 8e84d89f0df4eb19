import { describe, expect, it } from 'vitest';
import { councilInvitationConsumers } from '../../../../functions/council/invitations/consumers.js';
import type { RegisteredApplicantInvitationRecord } from '../../../../functions/council/invitations/repository.js';
import { REGISTERED_APPLICANT_MAIL_SUBJECT } from '../../../../functions/council/invitations/mail.js';
import type { MailMessage } from '../../../../functions/platform/adapters/mail.js';
import { logger } from '../../../../functions/platform/logger.js';

const row = (status: 'Pending' | 'Accepted'): RegisteredApplicantInvitationRecord => ({
  invitationId: 'i1',
  email: 'ana@example.nz',
  firstName: 'Ana',
  status,
  sendingDate: '2026-11-26T01:00:00.000Z',
  expiryDate: '2026-12-31',
  authorityId: 'wcc',
  bcaCode: 'WCC',
  bcaName: 'Wellington City Council',
  createdAt: '2026-11-26T01:00:00.000Z',
  updatedAt: '2026-11-26T01:00:00.000Z',
});

async function run(status: 'Pending' | 'Accepted') {
  const sent: MailMessage[] = [];
  const [consumer] = councilInvitationConsumers({
    invitation: async () => row(status),
    sendMail: async (m) => sent.push(m),
    webUrl: async () => 'https://portal.example',
  });
  await consumer!.handle(
    {
      eventId: 'e1',
      type: 'RegisteredApplicantInvitationSent',
      occurredAt: '2026-11-26T01:00:00.000Z',
      actor: 'council:wcc',
      aggregate: { type: 'registeredApplicantInvitation', id: 'i1' },
      data: { invitationId: 'i1', authorityId: 'wcc', email: 'ana@example.nz' },
    },
    { logger },
  );
  return sent;
}

describe('the registered-applicant invitation mail', () => {
  it('tells the invitee which council invites and where to answer', async () => {
    const [mail] = await run('Pending');
    expect(mail).toMatchObject({ to: 'ana@example.nz', subject: REGISTERED_APPLICANT_MAIL_SUBJECT });
    expect(mail!.text).toContain('Kia ora Ana,');
    expect(mail!.text).toContain('Wellington City Council has invited you to become a registered applicant');
    expect(mail!.text).toContain('https://portal.example/');
    expect(mail!.text).toContain('The invitation expires on 31 Dec 2026.');
  });

  it('is not sent for an invitation answered before the mail went', async () => {
    expect(await run('Accepted')).toEqual([]);
  });
});

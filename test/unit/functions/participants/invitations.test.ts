import { describe, expect, it } from 'vitest';
import participantTypesJson from '../../../../shared/reference/participant-types.json' with { type: 'json' };
import {
  INVITATION_SUBJECT,
  invitationMail,
  invitationsService,
} from '../../../../functions/participants/service/invitations.js';
import type { InvitationPorts } from '../../../../functions/participants/service/invitations.js';
import type { ParticipantRecord, ParticipantWrite } from '../../../../functions/participants/repository.js';
import type { ApplicationRecord } from '../../../../functions/platform/access.js';
import type { MailMessage } from '../../../../functions/platform/adapters/mail.js';
import type { ParticipantType } from '../../../../shared/schemas/reference.js';

const TYPES = participantTypesJson as ParticipantType[];
const application = {
  applicationId: 'A1',
  applicationNumber: 'BLD-2026-00042',
  status: 'Draft',
  address: { fullAddress: '83 Cuba Street, Te Aro, Wellington 6011' },
} as unknown as ApplicationRecord;
const invited = (over: Partial<ParticipantRecord> = {}) =>
  ({
    applicationId: 'A1',
    participantId: 'p1',
    firstName: 'Ana',
    lastName: 'Lee',
    email: 'ana@example.nz',
    participantTypes: ['Designer'],
    accessLevel: 'ReadOnly',
    invitation: 'Queued',
    isDeleted: false,
    modifiedDate: '2026-11-25T00:00:00.000Z',
    ...over,
  }) as ParticipantRecord;

function world(participants: ParticipantRecord[], mailFails = false) {
  const sent: MailMessage[] = [];
  const states: string[] = [];
  const writes: ParticipantWrite[] = [];
  const rows = new Map(participants.map((p) => [p.participantId, p]));
  const ports: InvitationPorts = {
    participant: async (_a, id) => rows.get(id),
    participants: async () => [...rows.values()],
    invitedByEmail: async (email) =>
      [...rows.values()].filter((p) => p.email === email && !p.loginUserId && !p.isDeleted),
    application: async () => application,
    participantTypes: () => TYPES,
    sendMail: async (m) => {
      if (mailFails) throw new Error('SES down');
      sent.push(m);
    },
    setInvitation: async (p, s) => {
      states.push(s);
      rows.set(p.participantId, { ...p, invitation: s });
    },
    write: async (c) => {
      writes.push(c);
      for (const x of c.changes) rows.set(x.next.participantId, x.next);
      return true;
    },
    webUrl: async () => 'https://portal.example.nz',
    now: () => '2026-11-25T01:00:00.000Z',
  };
  return { service: invitationsService(ports), sent, states, writes, rows };
}

describe('participant invitations', () => {
  it('the mail names the application (address and number), the roles and the way in', () => {
    const m = invitationMail(invited(), application, TYPES, 'https://portal.example.nz');
    expect(m.to).toBe('ana@example.nz');
    expect(m.subject).toBe(INVITATION_SUBJECT);
    expect(m.text).toContain('83 Cuba Street, Te Aro, Wellington 6011 (BLD-2026-00042) as Designer');
    // Both links land on the application after the first sign-in.
    expect(m.text).toContain(
      'https://portal.example.nz/registration?email=ana%40example.nz&returnTo=%2Fapplication-details%2FA1',
    );
    expect(m.text).toContain('Sign in at https://portal.example.nz/?returnTo=%2Fapplication-details%2FA1 ');
  });

  it('a Queued invitation is sent once and becomes Unregistered; a replay sends nothing', async () => {
    const w = world([invited()]);
    expect(await w.service.send('A1', 'p1')).toBe('sent');
    expect(await w.service.send('A1', 'p1')).toBe('skipped');
    expect(w.sent).toHaveLength(1);
    expect(w.states).toEqual(['Unregistered']);
  });

  it('a mail that fails leaves the invitation in Error (the card says Please invite)', async () => {
    const w = world([invited()], true);
    expect(await w.service.send('A1', 'p1')).toBe('failed');
    expect(w.states).toEqual(['Error']);
  });

  it('nobody who signs in, is removed or has no email is mailed', async () => {
    const w = world([
      invited({ participantId: 'a', loginUserId: 'u' }),
      invited({ participantId: 'b', isDeleted: true }),
      invited({ participantId: 'c', email: undefined }),
      invited({ participantId: 'd', invitation: 'None' }),
    ]);
    for (const id of ['a', 'b', 'c', 'd']) expect(await w.service.send('A1', id)).toBe('skipped');
    expect(w.sent).toEqual([]);
  });

  it('signing up with the invited email attaches the user (Accepted) with a history entry; twice changes nothing', async () => {
    const w = world([
      invited({ invitation: 'Unregistered' }),
      invited({ participantId: 'x', email: 'other@x.nz' }),
    ]);
    expect(await w.service.attach('user-ana', 'ana@example.nz')).toBe(1);
    expect(w.rows.get('p1')).toMatchObject({ loginUserId: 'user-ana', invitation: 'Accepted' });
    expect(w.writes[0]!.history[0]!.delta).toMatchObject({ invitation: ['Unregistered', 'Accepted'] });
    expect(await w.service.attach('user-ana', 'ana@example.nz')).toBe(0);
    expect(w.writes).toHaveLength(1);
  });
});

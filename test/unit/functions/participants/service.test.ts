import { describe, expect, it } from 'vitest';
import { NOT_YOUR_LEVEL, participantsService } from '../../../../functions/participants/service.js';
import type { ParticipantRecord } from '../../../../functions/participants/repository.js';
import type { ApplicationAccessRecord } from '../../../../functions/platform/access.js';

function world(participants: Partial<ParticipantRecord>[]) {
  const set: { participantId: string; level: string; by: string }[] = [];
  const service = participantsService({
    getParticipant: async (_app, id) =>
      participants.find((p) => p.participantId === id) as ParticipantRecord | undefined,
    setNotificationLevel: async (p, level, by) => {
      set.push({ participantId: p.participantId, level, by });
    },
  });
  return { service, set };
}
const access = (accessLevel: string) =>
  ({ applicationId: '1000001', userId: 'me', accessLevel }) as unknown as ApplicationAccessRecord;
const me = { kind: 'user', userId: 'me' } as const;

describe('participants service (fake ports)', () => {
  it("anyone on the application sets their own participant's level", async () => {
    const w = world([{ participantId: 'p1', loginUserId: 'me' }]);
    await w.service.setNotificationLevel(me, access('ReadOnly'), 'p1', 'Muted');
    expect(w.set).toEqual([{ participantId: 'p1', level: 'Muted', by: 'me' }]);
  });

  it("nobody sets another person's level, not even a manager (issue 9)", async () => {
    const w = world([{ participantId: 'p2', loginUserId: 'someone' }, { participantId: 'p4' }]);
    for (const level of ['Edit', 'Manage'] as const)
      for (const id of ['p2', 'p4'])
        await expect(w.service.setNotificationLevel(me, access(level), id, 'Muted')).rejects.toMatchObject({
          kind: 'forbidden',
          message: NOT_YOUR_LEVEL,
        });
    expect(w.set).toEqual([]);
  });

  it('a deleted or unknown participant is not found', async () => {
    const w = world([{ participantId: 'p3', loginUserId: 'me', isDeleted: true }]);
    for (const id of ['p3', 'nobody'])
      await expect(w.service.setNotificationLevel(me, access('Manage'), id, 'Muted')).rejects.toMatchObject({
        kind: 'notFound',
      });
    expect(w.set).toEqual([]);
  });
});

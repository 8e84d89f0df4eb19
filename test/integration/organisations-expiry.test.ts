/**
 * Invitation expiry schedules through the local stack (docs/organisations.md):
 * sending an invitation schedules its expiry job (the event consumer, on the stack's local
 * scheduler), a resend moves it, a revoke cancels it; the job, fired with the clock at the expiry
 * date, stores Expired with its event and lets the email be invited again.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { outputsPath, readOutputs } from '../support/outputs';
import { api, localRepositories, registeredUser, solvedCaptcha } from '../support/accounts';
import { domainEventItems, eventsSettled } from '../support/events';
import { HandlerLoader } from '../../infra/local/handlers';
import { createScheduler, type StoredSchedule } from '../../infra/local/scheduler';
import type {
  OrganisationInvitation,
  OrganisationInvitationsResponse,
} from '../../shared/schemas/organisations';
import { organisationMessages as msg } from '../../shared/domain/organisations';

const o = readOutputs();
type Person = Awaited<ReturnType<typeof registeredUser>>;
const as = (p: Person) => ({ token: p.token, outputs: o });
/** The stack's local scheduler persists its schedules beside its outputs (dataDir/schedules.json). */
const schedulesFile = path.join(path.dirname(outputsPath()), 'schedules.json');
const stackSchedules = (): StoredSchedule[] =>
  existsSync(schedulesFile) ? (JSON.parse(readFileSync(schedulesFile, 'utf8')) as StoredSchedule[]) : [];
const jobsOf = (invitationId: string) =>
  stackSchedules().filter((s) => (s.payload as { invitationId?: string }).invitationId === invitationId);

const invite = async (admin: Person, email: string) =>
  api(
    'POST',
    '/user/organisation/invitations',
    { email, firstName: 'Ari', lastName: 'Tane', captchaToken: await solvedCaptcha(o) },
    as(admin),
  );
const sentInvitations = async (admin: Person) =>
  (
    (await api('GET', '/user/organisation/invitations', undefined, as(admin)))
      .body as OrganisationInvitationsResponse
  ).invitations;

let admin: Person;
let orgId: string;
let tmp: string;

beforeAll(async () => {
  await localRepositories(o); // points this process's table clients at the stack
  admin = await registeredUser('org-expiry', o);
  const named = await api('PATCH', '/user/organisation', { displayName: 'Rimu Expiry Ltd' }, as(admin));
  expect(named.status, JSON.stringify(named.body)).toBe(200);
  orgId = (named.body as { id: string }).id;
  tmp = mkdtempSync(path.join(os.tmpdir(), 'org-expiry-'));
}, 120_000);

afterAll(() => {
  vi.useRealTimers();
  rmSync(tmp, { recursive: true, force: true });
});

describe('invitation expiry schedules', () => {
  test('sent → a job at its expiry date; fired then, the stored status is Expired and the email may be invited again', async () => {
    const email = `expiry-${Date.now()}@demo.consent.nz`;
    const sent = await invite(admin, email);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const inv = sent.body as OrganisationInvitation;
    await eventsSettled(o);
    const [job] = jobsOf(inv.id);
    expect(job).toMatchObject({
      at: inv.expiryDate,
      payload: { target: 'organisations/scheduled', job: 'invitationExpiry', invitationId: inv.id },
    });
    // Still pending: a second invitation of the email is refused.
    expect((await invite(admin, email)).body).toMatchObject({ message: msg.alreadyInvited });

    // Fire the job as the local scheduler does, with the clock at its time.
    const scheduler = createScheduler({
      file: path.join(tmp, 'schedules.json'),
      handlers: new HandlerLoader(path.resolve(import.meta.dirname, '../../functions')),
      log: (m) => console.error(m),
    });
    await scheduler.schedule(job!);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Date.parse(job!.at) + 1000));
    try {
      expect(await scheduler.fireDue()).toEqual([job!.name]);
    } finally {
      vi.useRealTimers();
    }

    const { entities } = await import('../../functions/platform/data/service');
    const stored = await entities.organisationInvitation
      .get({ invitationId: inv.id })
      .go({ consistent: true });
    expect(stored.data?.status).toBe('Expired');
    const events = await domainEventItems(o, orgId);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'OrganisationInvitationClosed',
        data: expect.objectContaining({ invitationId: inv.id, status: 'Expired' }),
      }),
    );
    expect((await sentInvitations(admin)).find((i) => i.id === inv.id)?.status).toBe('Expired');
    const again = await invite(admin, email);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
  }, 120_000);

  test('a resend moves the job to the new expiry date; a revoke cancels it', async () => {
    const email = `expiry-revoke-${Date.now()}@demo.consent.nz`;
    const inv = (await invite(admin, email)).body as OrganisationInvitation;
    await eventsSettled(o);
    const [first] = jobsOf(inv.id);
    expect(first).toBeDefined();
    // Sent dates are to the millisecond: the resend's is later, so its job is another one.
    const resent = await api(
      'POST',
      `/user/organisation/invitations/${inv.id}/notifications`,
      undefined,
      as(admin),
    );
    expect(resent.status, JSON.stringify(resent.body)).toBe(204);
    await eventsSettled(o);
    const after = (await sentInvitations(admin)).find((i) => i.id === inv.id)!;
    const moved = jobsOf(inv.id);
    expect(moved.map((s) => s.at)).toEqual([after.expiryDate]);
    expect(moved[0]!.name).not.toBe(first!.name);

    const revoked = await api(
      'PATCH',
      `/user/organisation/invitations/${inv.id}`,
      { status: 'Revoked' },
      as(admin),
    );
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    await eventsSettled(o);
    expect(jobsOf(inv.id)).toEqual([]);
  }, 120_000);
});

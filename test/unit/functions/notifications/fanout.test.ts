import { beforeEach, describe, expect, test } from 'vitest';
import { fanoutService, notificationIdOf } from '../../../../functions/notifications/service/fanout';
import type { DomainEvent } from '../../../../functions/platform/events/types';
import { event, world } from './world';
import { captureMetrics, expectOnlyCatalogueValues } from '../metrics-capture.js';

const APP = 'app-1';
const LABEL = 'BC-000123 at 1 Queen Street, Auckland';
const app = { type: 'application', id: APP };
const council = 'council:akl';
const round = { authorityId: 'akl', type: 'Technical', team: 'T', round: 1, rfiPointIds: ['p1', 'p2'] };
const payment = { authorityId: 'akl', paymentId: 'pay-1', status: 'AwaitingPayment' };

let w: ReturnType<typeof world>;
let fan: ReturnType<typeof fanoutService>;

/**
 * The application BC-000123 with: owner (Manage, Normal), watcher (Edit, Watching), muted (ReadOnly,
 * Muted), gone (None: no access), and outsider (no row); noMail has email off (Watching).
 */
beforeEach(() => {
  w = world();
  fan = fanoutService(w.ports);
  w.applications.set(APP, {
    applicationId: APP,
    applicationNumber: 'BC-000123',
    address: '1 Queen Street, Auckland',
    authorityId: 'akl',
  });
  for (const id of ['owner', 'watcher', 'muted', 'gone', 'outsider', 'noMail'])
    w.users.set(id, {
      userId: id,
      email: `${id}@example.com`,
      firstName: id,
      emailPreference: id !== 'noMail',
    });
  w.users.set('outsider', { ...w.users.get('outsider')!, defaultApplicationNotificationLevel: 'Watching' });
  w.rows.set(APP, [
    { userId: 'owner', accessLevel: 'Manage', notificationLevel: 'Normal' },
    { userId: 'watcher', accessLevel: 'Edit', notificationLevel: 'Watching' },
    { userId: 'muted', accessLevel: 'ReadOnly', notificationLevel: 'Muted' },
    { userId: 'gone', accessLevel: 'None', notificationLevel: 'Watching' },
    { userId: 'noMail', accessLevel: 'ReadOnly', notificationLevel: 'Watching' },
  ]);
});

const on = (type: DomainEvent['type'], data: unknown, actor = council, eventId?: string) =>
  event(type, { aggregate: app, actor, data, ...(eventId ? { eventId } : {}) });

describe('application events: the participants by their level', () => {
  test('an RFI round (action): every participant with access, in the inbox and by email (noMail: inbox only)', async () => {
    await fan.fanOut(on('RfiRoundRaised', round));
    expect(w.told()).toEqual(['muted', 'noMail', 'owner', 'watcher']);
    expect(w.mailedTo()).toEqual(['muted@example.com', 'owner@example.com', 'watcher@example.com']);
    // Each email ends with its recipient's own unsubscribe link, in the text and the HTML.
    const ownerMail = w.mails.find((m) => m.to === 'owner@example.com')!;
    expect(ownerMail.text).toMatch(
      /Stop these emails: https:\/\/portal\.example\/unsubscribe#token=for-owner$/,
    );
    expect(ownerMail.html).toContain('href="https://portal.example/unsubscribe#token=for-owner"');
    const n = [...w.inbox.values()].find((x) => x.recipientId === 'owner')!;
    expect(n.type).toBe('RFI');
    expect(n.message.subtype).toBe('RfiRoundRaised');
    expect(n.message.shortText).toBe(`Request for information: ${LABEL}`);
    expect(n.message.fullText).toBe(
      `The council needs more information on ${LABEL}: 2 points to answer (round 1). The council's clock is paused until you send your answers: answer every point, then send the round.`,
    );
    expect(n.message.htmlText).toContain('https://portal.example/application-details/app-1?section=RFIs');
    expect(n.recipients).toMatchObject({
      users: [{ id: 'owner', email: 'owner@example.com', fullName: 'owner' }],
      application: { id: APP, applicationNumber: 'BC-000123', address: '1 Queen Street, Auckland' },
      authority: { id: 'akl' },
    });
    expect(w.mails.find((m) => m.to === 'owner@example.com')?.subject).toBe(
      `Request for information: ${LABEL}`,
    );
    expect(w.flagged.has('owner')).toBe(true);
  });

  test.each([
    ['PaymentIssued', payment, 'Payment', `Invoice issued: ${LABEL}`],
    ['DepositRejected', payment, 'Payment', `Deposit not confirmed: ${LABEL}`],
  ] as const)('%s is an action: Muted is told too', async (type, data, kind, short) => {
    await fan.fanOut(on(type, data));
    expect(w.told()).toEqual(['muted', 'noMail', 'owner', 'watcher']);
    expect([...w.inbox.values()][0]).toMatchObject({ type: kind, message: { shortText: short } });
  });

  test.each([
    ['DepositConfirmed', payment, `Payment received: ${LABEL}`],
    ['PaymentMarkedPaid', payment, `Payment received: ${LABEL}`],
    ['CardPaymentSettled', { ...payment, result: 'Approved' }, `Payment received: ${LABEL}`],
    ['ApplicationSubmitted', { status: 'Submitted' }, `Application submitted: ${LABEL}`],
    [
      'ApplicationUpdated',
      { changed: ['status'], action: 'LodgementAccepted' },
      `Lodgement accepted: ${LABEL}`,
    ],
    [
      'ApplicationUpdated',
      { changed: ['status'], action: 'LodgementRejected' },
      `Lodgement rejected: ${LABEL}`,
    ],
    ['ApplicationUpdated', { changed: ['status'], action: 'ConsentGranted' }, `Consent granted: ${LABEL}`],
    ['ApplicationUpdated', { changed: ['status'], action: 'ApplicationClosed' }, `Decision made: ${LABEL}`],
    [
      'ApplicationUpdated',
      { changed: ['status'], action: 'CodeComplianceCertificateIssued' },
      `Code compliance certificate issued: ${LABEL}`,
    ],
  ] as const)('%s (%j) is a milestone: Watching and Normal, not Muted', async (type, data, short) => {
    await fan.fanOut(on(type, data));
    expect(w.told()).toEqual(['noMail', 'owner', 'watcher']);
    expect(w.mailedTo()).toEqual(['owner@example.com', 'watcher@example.com']);
    expect([...w.inbox.values()][0]!.message.shortText).toBe(short);
  });

  test('a rejected upload tells every level, muted too, and leads to the Documents section', async () => {
    await fan.fanOut(
      on('ApplicationUpdated', {
        changed: ['requiredDocumentGroups'],
        action: 'RequiredDocumentUploadRejected',
      }),
    );
    expect(w.told()).toEqual(['muted', 'noMail', 'owner', 'watcher']);
    const n = [...w.inbox.values()][0]!;
    expect(n.message.shortText).toBe(`Document rejected: ${LABEL}`);
    expect(n.message.fullText).toContain('Open the Documents section to see why and upload a replacement');
    expect(n.message.htmlText).toContain(
      'https://portal.example/application-details/app-1?section=Documents',
    );
    // A review that is not a rejection asks nothing of the applicant.
    w.inbox.clear();
    await fan.fanOut(
      on('ApplicationUpdated', {
        changed: ['requiredDocumentGroups'],
        action: 'RequiredDocumentUploadReviewed',
      }),
    );
    expect(w.told()).toEqual([]);
  });

  test.each([
    ['RfiPointSignedOff', { ...round, status: 'RESOLVED' }],
    ['RfiRoundSubmitted', round],
    ['DepositClaimed', payment],
    ['ApplicationUpdated', { changed: ['workflowStages'], action: 'WorkflowStagesSet' }],
    ['ApplicationUpdated', { changed: ['requiredInspections'], action: 'RequiredInspectionsSet' }],
    ['ApplicationUpdated', { changed: ['status'], action: 'ApplicationSuspended' }],
  ] as const)('%s (%j) is activity: Watching only', async (type, data) => {
    await fan.fanOut(on(type, data));
    expect(w.told()).toEqual(['noMail', 'watcher']);
    expect(w.mailedTo()).toEqual(['watcher@example.com']);
  });

  test('nothing worth telling: a user’s own edit, a declined card, a council PATCH', async () => {
    await fan.fanOut(on('ApplicationUpdated', { changed: ['description'] }, 'owner'));
    await fan.fanOut(on('CardPaymentSettled', { ...payment, result: 'Declined' }, 'owner'));
    await fan.fanOut(
      on('ApplicationUpdated', { changed: ['complexity'], action: 'CouncilApplicationUpdated' }),
    );
    expect(w.told()).toEqual([]);
  });

  test('an event that tells nobody reads nothing', async () => {
    let reads = 0;
    const counted = { ...w.ports, application: async (id: string) => (reads++, w.applications.get(id)) };
    await fanoutService(counted).fanOut(on('ApplicationUpdated', { changed: ['step:s1'] }, 'owner'));
    expect(reads).toBe(0);
  });

  test('the actor is not told about their own action (beyond a receipt)', async () => {
    await fan.fanOut(on('ApplicationSubmitted', { status: 'Submitted' }, 'owner'));
    // The owner gets their receipt (below), not the participants' "Application submitted".
    expect([...w.inbox.values()].find((n) => n.recipientId === 'owner')!.message.shortText).toBe(
      `Application sent: ${LABEL}`,
    );
    w.inbox.clear();
    await fan.fanOut(on('DepositClaimed', payment, 'owner'));
    expect(w.told()).toEqual(['noMail', 'watcher']);
    w.inbox.clear();
    await fan.fanOut(on('DepositClaimed', payment, 'watcher'));
    expect(w.told()).toEqual(['noMail']); // activity: the watcher acted, the owner is Normal
  });

  test('a replayed event notifies and mails nobody twice', async () => {
    const e = on('RfiRoundRaised', round);
    const first = await fan.fanOut(e);
    const again = await fan.fanOut(e);
    expect(first.notified).toHaveLength(4);
    expect(again).toEqual({ notified: [], mailed: [], digested: [] });
    expect(w.inbox.size).toBe(4);
    expect(w.mails).toHaveLength(3);
    expect(w.inbox.has(notificationIdOf(e.eventId, 'owner'))).toBe(true);
  });

  test('a recipient on an hourly digest: in the inbox now, the email waits for the period', async () => {
    w.digests.set('owner', 'hourly');
    const result = await fan.fanOut(on('RfiRoundRaised', round));
    expect(result.digested).toEqual(['owner']);
    expect(w.mailedTo()).toEqual(['muted@example.com', 'watcher@example.com']);
    expect([...w.inbox.values()].find((n) => n.recipientId === 'owner')!.digest).toEqual({
      digestDue: '2026-11-27T05:00:00.000Z',
      email: 'owner@example.com',
      firstName: 'owner',
      // Straight to the round (core §2: ?subSection=).
      link: 'https://portal.example/application-details/app-1?section=RFIs&subSection=Technical%7CT%7C1',
    });
  });

  test('an application deleted since tells nobody', async () => {
    w.applications.delete(APP);
    await fan.fanOut(on('RfiRoundRaised', round));
    expect(w.told()).toEqual([]);
  });
});

describe('participants and access requests: the people named', () => {
  test('a participant added: the added user (milestone) and the watchers (activity), not the actor', async () => {
    w.rows.get(APP)!.push({ userId: 'outsider', accessLevel: 'ReadOnly', notificationLevel: 'Muted' });
    await fan.fanOut(
      on('ParticipantAdded', { participantId: 'pt', userIds: ['outsider'], reassignedFrom: [] }, 'owner'),
    );
    // outsider is Muted on this application: a milestone does not reach them.
    expect(w.told()).toEqual(['noMail', 'watcher']);
    w.rows.get(APP)!.at(-1)!.notificationLevel = 'Normal';
    await fan.fanOut(
      on('ParticipantAdded', { participantId: 'pt', userIds: ['outsider'], reassignedFrom: [] }, 'owner'),
    );
    const added = [...w.inbox.values()].find((n) => n.recipientId === 'outsider')!;
    expect(added.message.shortText).toBe(`You were added to ${LABEL}`);
  });

  test('a participant removed: the removed user by their default level (no row any more)', async () => {
    await fan.fanOut(
      on('ParticipantRemoved', { participantId: 'pt', userIds: ['outsider'], reassignedFrom: [] }, 'owner'),
    );
    expect(w.told()).toEqual(['noMail', 'outsider', 'watcher']);
    expect([...w.inbox.values()].find((n) => n.recipientId === 'outsider')!.message.shortText).toBe(
      `You were removed from ${LABEL}`,
    );
  });

  const ar = (type: DomainEvent['type'], data: object, actor: string) =>
    event(type, {
      aggregate: { type: 'accessRequest', id: 'g1' },
      actor,
      data: { requestGuid: 'g1', applicationId: APP, ...data },
    });

  test('an access request: the owner (action), not the requester; the answer: the requester', async () => {
    await fan.fanOut(
      ar('AccessRequestCreated', { requesterId: 'outsider', ownerId: 'owner', expireTime: 'x' }, 'outsider'),
    );
    expect(w.told()).toEqual(['owner']);
    expect(w.mailedTo()).toEqual(['owner@example.com']);
    expect([...w.inbox.values()][0]!.message.shortText).toBe(`Access requested: ${LABEL}`);
    w.inbox.clear();
    await fan.fanOut(ar('AccessRequestDenied', { requesterId: 'outsider' }, 'owner'));
    expect(w.told()).toEqual(['outsider']);
    expect([...w.inbox.values()][0]!.message.shortText).toBe(`Access declined: ${LABEL}`);
  });

  test('an organisation invitation: the invitee with an account, by their email', async () => {
    const invite = (email: string) =>
      event('OrganisationInvitationSent', {
        aggregate: { type: 'organisation', id: 'org-1' },
        actor: 'owner',
        data: { invitationId: 'i1', email, resent: false },
      });
    await fan.fanOut(invite('Muted@Example.com'));
    await fan.fanOut(invite('nobody@example.com'));
    expect(w.told()).toEqual(['muted']);
    expect([...w.inbox.values()][0]).toMatchObject({ type: 'Organisation', applicationId: undefined });
  });
  test("an invitation answered: the organisation's active admins, not the one who answered", async () => {
    w.admins.set('org-1', ['owner', 'watcher']);
    const closed = (status: string) =>
      event('OrganisationInvitationClosed', {
        aggregate: { type: 'organisation', id: 'org-1' },
        actor: 'watcher',
        data: { invitationId: 'i1', status },
      });
    await fan.fanOut(closed('Revoked'));
    expect(w.told()).toEqual([]);
    await fan.fanOut(closed('Accepted'));
    expect(w.told()).toEqual(['owner']);
    expect([...w.inbox.values()][0]!.message.shortText).toBe('New member: someone you invited');
  });
});

describe("organisation member changes and merges (docs/notifications.md): the organisation's admins", () => {
  const ORG = { type: 'organisation', id: 'org-1' };
  const org = (type: DomainEvent['type'], data: unknown, actor: string, eventId?: string) =>
    event(type, { aggregate: ORG, actor, data, ...(eventId ? { eventId } : {}) });
  const told = () =>
    [...w.inbox.values()]
      .sort((a, b) => a.recipientId.localeCompare(b.recipientId))
      .map((n) => [n.recipientId, n.type, n.message.shortText, n.message.fullText]);

  beforeEach(() => {
    // owner and watcher administer org-1 (muted is a member, not an admin); Aroha is the member.
    w.admins.set('org-1', ['owner', 'watcher']);
    w.users.set('aroha', {
      userId: 'aroha',
      email: 'aroha@example.com',
      firstName: 'Aroha',
      lastName: 'Ngata',
    });
  });

  test('a member joins (invitation accepted, by the new member): every admin, named, leading to the Members page', async () => {
    await fan.fanOut(
      org(
        'OrganisationInvitationClosed',
        { invitationId: 'i1', status: 'Accepted', userId: 'aroha' },
        'aroha',
      ),
    );
    expect(told()).toEqual(
      ['owner', 'watcher'].map((id) => [
        id,
        'Organisation',
        'New member: Aroha Ngata',
        'Aroha Ngata accepted your invitation and joined your organisation as a member. You can make them an administrator on the Members page.',
      ]),
    );
    expect(w.mailedTo()).toEqual(['owner@example.com', 'watcher@example.com']);
    const mail = w.mails.find((m) => m.to === 'owner@example.com')!;
    expect(mail.subject).toBe('New member: Aroha Ngata');
    expect(mail.html).toContain('href="https://portal.example/organisation-members"');
    expect(mail.html).toContain("Open your organisation's members");
  });

  test('a role change: the other admins, not the admin who made it, nor the member it is about', async () => {
    w.admins.set('org-1', ['owner', 'watcher', 'aroha']); // Aroha was just made an admin
    await fan.fanOut(
      org(
        'OrganisationMemberChanged',
        { userId: 'aroha', role: 'Admin', status: 'Active', changed: 'role' },
        'owner',
      ),
    );
    expect(told()).toEqual([
      [
        'watcher',
        'Organisation',
        'Role changed: Aroha Ngata',
        'Aroha Ngata is now an administrator of your organisation: they can invite, change and release members.',
      ],
    ]);
    w.inbox.clear();
    w.admins.set('org-1', ['owner', 'watcher']);
    await fan.fanOut(
      org(
        'OrganisationMemberChanged',
        { userId: 'aroha', role: 'Normal', status: 'Active', changed: 'role' },
        'owner',
      ),
    );
    expect(told()[0]![3]).toBe(
      'Aroha Ngata is no longer an administrator of your organisation; they stay a member.',
    );
  });

  test('disabled (removed) and enabled again; released; left for another organisation', async () => {
    const cases: [DomainEvent['type'], unknown, string, string][] = [
      [
        'OrganisationMemberChanged',
        { userId: 'aroha', role: 'Normal', status: 'Disabled', changed: 'status' },
        'owner',
        'Member disabled: Aroha Ngata',
      ],
      [
        'OrganisationMemberChanged',
        { userId: 'aroha', role: 'Normal', status: 'Active', changed: 'status' },
        'owner',
        'Member enabled: Aroha Ngata',
      ],
      [
        'OrganisationMemberLeft',
        { userId: 'aroha', toOrganisationId: 'org-new', reason: 'Release' },
        'owner',
        'Member released: Aroha Ngata',
      ],
      [
        'OrganisationMemberLeft',
        { userId: 'aroha', toOrganisationId: 'org-2', reason: 'Invitation' },
        'aroha',
        'Member left: Aroha Ngata',
      ],
    ];
    for (const [type, data, actor, short] of cases) {
      w.inbox.clear();
      await fan.fanOut(org(type, data, actor));
      const expected = actor === 'owner' ? ['watcher'] : ['owner', 'watcher'];
      expect(
        told().map((t) => t[0]),
        short,
      ).toEqual(expected);
      expect(told().map((t) => t[2])).toEqual(expected.map(() => short));
    }
    w.inbox.clear();
    await fan.fanOut(
      org(
        'OrganisationMemberLeft',
        { userId: 'aroha', toOrganisationId: 'org-2', reason: 'Invitation' },
        'aroha',
      ),
    );
    expect(told()[0]![3]).toBe('Aroha Ngata left your organisation to join another one.');
  });

  test('a merge: the admins of the organisation merged into, naming the one merged; not the admin who accepted', async () => {
    w.organisations.set('org-2', 'Ngata Builders');
    w.admins.set('org-1', ['owner', 'watcher', 'aroha']); // Aroha administered org-2 and has moved
    await fan.fanOut(
      org('OrganisationsMerged', { invitationId: 'm1', fromOrganisationId: 'org-2' }, 'aroha'),
    );
    expect(told()).toEqual(
      ['owner', 'watcher'].map((id) => [
        id,
        'Organisation',
        'Organisations merged: Ngata Builders',
        'Ngata Builders merged into your organisation: its members and contacts are now in yours, with the roles they had.',
      ]),
    );
  });

  test('once per event: a redelivery notifies and mails nobody again; Normal admins and digests apply as elsewhere', async () => {
    const e = org(
      'OrganisationMemberLeft',
      { userId: 'aroha', toOrganisationId: 'org-new', reason: 'Release' },
      'owner',
      'ev-left',
    );
    expect((await fan.fanOut(e)).notified).toEqual(['watcher']);
    expect(await fan.fanOut(e)).toEqual({ notified: [], mailed: [], digested: [] });
    expect(w.mailedTo()).toEqual(['watcher@example.com']);
    expect(w.inbox.get(notificationIdOf('ev-left', 'watcher'))).toBeDefined();
  });

  test('nobody else: a member who is not an admin, and an organisation without admins', async () => {
    w.admins.set('org-1', []);
    await fan.fanOut(
      org(
        'OrganisationMemberChanged',
        { userId: 'aroha', role: 'Normal', status: 'Disabled', changed: 'status' },
        'owner',
      ),
    );
    expect(told()).toEqual([]);
  });
});

describe('metrics (docs/notifications.md)', () => {
  const metrics = captureMetrics();
  test('NotificationsCreated once per recipient written (a replayed event: none); its own mails are Immediate', async () => {
    const e = on('RfiRoundRaised', round);
    await fan.fanOut(e);
    await fan.fanOut(e); // a duplicate stream delivery
    expect(metrics.emitted()).toEqual(
      Array.from({ length: 4 }, () => ({ name: 'NotificationsCreated', unit: 'Count', dimensions: {} })),
    );
    expect(w.mails.map((m) => m.kind)).toEqual(['Immediate', 'Immediate', 'Immediate']);
    expectOnlyCatalogueValues(metrics, ['owner', 'owner@example.com', APP, 'akl']);
  });
});

describe('what people read (docs/notifications.md, docs/content-guide.md "Emails")', () => {
  const mailTo = (id: string) => w.mails.find((m) => m.to === `${id}@example.com`);
  const issued = { ...payment, description: 'Building consent processing fee', amountCents: 284750 };

  test('a submission: the applicant gets a receipt saying what happens next, even when Muted', async () => {
    await fan.fanOut(on('ApplicationSubmitted', { status: 'Submitted' }, 'muted'));
    const mail = mailTo('muted')!;
    expect(mail.subject).toBe(`Application sent: ${LABEL}`);
    expect(mail.text).toContain(
      `Your application ${LABEL} was sent to the council. What happens next: the council checks it has everything it needs before it accepts it; the 20 working days of the statutory clock start when it is accepted.`,
    );
    // The others hear of it as before (Normal and Watching: a milestone).
    expect(mailTo('owner')!.subject).toBe(`Application submitted: ${LABEL}`);
  });

  test('a round of answers sent: a receipt for the sender with what happens next', async () => {
    await fan.fanOut(on('RfiRoundSubmitted', round, 'owner'));
    const mail = mailTo('owner')!;
    expect(mail.subject).toBe(`Answers sent to the council: ${LABEL}`);
    expect(mail.text).toContain(
      "the council reviews each answer and accepts it or asks again in a new round; the council's clock restarts when it has everything it asked for.",
    );
    expect(mail.text).toContain('https://portal.example/application-details/app-1?section=RFIs');
  });

  test('a council or the gateway gets no receipt (no account)', async () => {
    await fan.fanOut(on('ApplicationSubmitted', { status: 'Submitted' }, 'gateway'));
    expect(w.told()).toEqual(['noMail', 'owner', 'watcher']);
  });

  test('the grant names the consent number once', async () => {
    w.applications.set(APP, { ...w.applications.get(APP)!, consentNumber: 'WCC-BC-2026-1' });
    await fan.fanOut(on('ApplicationUpdated', { changed: ['status'], action: 'ConsentGranted' }));
    const text = mailTo('owner')!.text;
    expect(text).toContain(
      "The council granted the building consent for WCC-BC-2026-1 at 1 Queen Street, Auckland. The consent and its conditions are on the application's Overview.",
    );
    expect(text.match(/WCC-BC-2026-1/g)).toHaveLength(1);
  });

  test('two invoices issued are told apart: the invoice and the amount, in the title and the text', async () => {
    await fan.fanOut(on('PaymentIssued', issued));
    await fan.fanOut(
      on('PaymentIssued', { ...issued, paymentId: 'pay-2', description: 'Levy', amountCents: 12000 }),
    );
    const titles = w.mails.filter((m) => m.to === 'owner@example.com').map((m) => m.subject);
    expect(titles).toEqual([
      `Invoice issued: Building consent processing fee ($2,847.50) · ${LABEL}`,
      `Invoice issued: Levy ($120.00) · ${LABEL}`,
    ]);
    expect(mailTo('owner')!.text).toContain(
      `The council issued the invoice "Building consent processing fee" ($2,847.50) for ${LABEL}.`,
    );
  });

  test('a payment received states the amount and the invoice', async () => {
    await fan.fanOut(on('PaymentMarkedPaid', { ...issued, status: 'Paid' }));
    expect(mailTo('owner')!.text).toContain(
      `The council received the payment of the invoice "Building consent processing fee" ($2,847.50) for ${LABEL}.`,
    );
    w.mails.length = 0;
    await fan.fanOut(
      on(
        'CardPaymentSettled',
        { ...issued, status: 'Paid', result: 'Approved', amountCents: 292000 },
        'gateway',
      ),
    );
    expect(mailTo('owner')!.text).toContain(
      `A card payment of $2,920.00 for the invoice "Building consent processing fee" of ${LABEL} was approved.`,
    );
  });

  test('an access request says where it waits and links there', async () => {
    await fan.fanOut(
      event('AccessRequestCreated', {
        aggregate: { type: 'accessRequest', id: 'g1' },
        actor: 'outsider',
        data: {
          requestGuid: 'g1',
          applicationId: APP,
          requesterId: 'outsider',
          ownerId: 'owner',
          expireTime: 'x',
        },
      }),
    );
    const mail = mailTo('owner')!;
    expect(mail.text).toContain('Accept or decline it under Access Requests on your dashboard');
    expect(mail.text).toContain('https://portal.example/?tab=access-requests');
    expect(mail.html).toContain('>Open your Access Requests</a>');
  });

  test('an approval mails the requester once (AccessRequestApproved), idempotently', async () => {
    w.rows.get(APP)!.push({ userId: 'outsider', accessLevel: 'Edit', notificationLevel: 'Normal' });
    const added = on(
      'ParticipantAdded',
      { participantId: 'pt', userIds: ['outsider'], reassignedFrom: [], accessRequestGuid: 'g1' },
      'owner',
    );
    const approved = event('AccessRequestApproved', {
      aggregate: { type: 'accessRequest', id: 'g1' },
      actor: 'owner',
      data: { requestGuid: 'g1', applicationId: APP, requesterId: 'outsider', participantId: 'pt' },
    });
    // Both events of the one transaction, each delivered twice (at least once).
    for (const e of [added, approved, added, approved]) await fan.fanOut(e);
    expect(w.mails.filter((m) => m.to === 'outsider@example.com').map((m) => m.subject)).toEqual([
      `Access granted: ${LABEL}`,
    ]);
    // The other participants still hear that someone was added.
    expect(mailTo('watcher')!.subject).toBe(`Participant added: ${LABEL}`);
  });
});

describe('the stream consumer is handed every event the fan-out tells', () => {
  test("each event type with a story in storyOf is in TOLD_EVENTS and in the notifications function's filter", async () => {
    const { readFileSync } = await import('node:fs');
    const { TOLD_EVENTS } = await import('../../../../functions/notifications/service/stories.js');
    const { consumerFunctions } = await import('../../../../functions/platform/events/consumer-functions.js');
    const source = readFileSync('functions/notifications/service/stories.ts', 'utf8');
    // storyOf's cases are event types (councilStory's are actions of ApplicationUpdated, told through it).
    const body = source.slice(
      source.indexOf('export function storyOf'),
      source.indexOf('export function applicationIdOf'),
    );
    const told = [...body.matchAll(/case '(\w+)':/g)].map((m) => m[1]);
    expect(told.length).toBeGreaterThan(10);
    const notifications = consumerFunctions.find((f) => f.feature === 'notifications')!;
    for (const type of told) {
      expect(TOLD_EVENTS as readonly string[], type).toContain(type);
      expect(notifications.handles as readonly string[], type).toContain(type);
    }
  });
});

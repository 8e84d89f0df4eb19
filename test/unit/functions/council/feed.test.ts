import { describe, expect, it } from 'vitest';
import {
  councilEventOf,
  decodeFeedCursor,
  encodeFeedCursor,
  FEED_CURSOR_MESSAGE,
  feedService,
} from '../../../../functions/council/service/feed.js';
import type { FeedEntryRecord } from '../../../../functions/council/repository/feed.js';
import { newEvent } from '../../../../functions/platform/events/outbox.js';
import { Invalid } from '../../../../functions/platform/errors.js';
import { captureMetrics, expectOnlyCatalogueValues } from '../metrics-capture.js';

const submitted = (status: string, authorityId: string | null = 'wcc') =>
  newEvent(
    'ApplicationSubmitted',
    {
      aggregate: { type: 'application', id: '1000001' },
      actor: 'u1',
      data: { status, ...(authorityId ? { authorityId } : {}) },
    },
    new Date('2026-11-26T10:00:00.000Z'),
  );

const entry = (occurredAt: string, eventId: string): FeedEntryRecord => ({
  authorityId: 'wcc',
  occurredAt,
  eventId,
  type: 'ApplicationSubmitted',
  applicationId: '1000001',
  ttl: 0,
});

describe('the council feed', () => {
  it('maps a first submission to ApplicationSubmitted and one after a suspension to ApplicationResubmitted', () => {
    const first = submitted('Submitted');
    expect(councilEventOf(first)).toEqual({
      authorityId: 'wcc',
      event: {
        eventId: first.eventId,
        type: 'ApplicationSubmitted',
        applicationId: '1000001',
        occurredAt: '2026-11-26T10:00:00.000Z',
      },
    });
    expect(councilEventOf(submitted('InProgress'))?.event.type).toBe('ApplicationResubmitted');
    expect(councilEventOf(submitted('Submitted', null))).toBeUndefined();
  });

  it("tells the application's council of a card payment approved and of a deposit claimed, nothing else of payments", () => {
    const aggregate = { type: 'application' as const, id: '1000001' };
    const at = new Date('2026-11-26T10:00:00.000Z');
    const data = { authorityId: 'wcc', paymentId: 'p1', status: 'Paid' };
    const settled = (result: string) =>
      newEvent('CardPaymentSettled', { aggregate, actor: 'gateway', data: { ...data, result } }, at);
    expect(councilEventOf(settled('Approved'))?.event).toMatchObject({
      type: 'PaymentReceived',
      applicationId: '1000001',
    });
    expect(councilEventOf(settled('Declined'))).toBeUndefined();
    expect(councilEventOf(newEvent('DepositClaimed', { aggregate, actor: 'u1', data }, at))?.event.type).toBe(
      'DepositClaimed',
    );
    expect(
      councilEventOf(newEvent('PaymentIssued', { aggregate, actor: 'council:wcc', data }, at)),
    ).toBeUndefined();
  });

  it("tells the application's council of an RFI round submitted, not of one raised or signed off", () => {
    const data = { authorityId: 'wcc', type: 'Consent', team: 'Building', round: 1, rfiPointIds: ['p1'] };
    const aggregate = { type: 'application' as const, id: '1000001' };
    const at = new Date('2026-11-26T10:00:00.000Z');
    const round = newEvent('RfiRoundSubmitted', { aggregate, actor: 'u1', data }, at);
    expect(councilEventOf(round)).toEqual({
      authorityId: 'wcc',
      event: {
        eventId: round.eventId,
        type: 'RfiRoundSubmitted',
        applicationId: '1000001',
        occurredAt: '2026-11-26T10:00:00.000Z',
      },
    });
    expect(
      councilEventOf(newEvent('RfiRoundRaised', { aggregate, actor: 'council:wcc', data }, at)),
    ).toBeUndefined();
    expect(
      councilEventOf(
        newEvent(
          'RfiPointSignedOff',
          { aggregate, actor: 'council:wcc', data: { ...data, status: 'RESOLVED' } },
          at,
        ),
      ),
    ).toBeUndefined();
  });

  it('round-trips its opaque cursor and refuses one that is not its own (400 query.after)', () => {
    const p = { occurredAt: '2026-11-26T10:00:00.000Z', eventId: 'e1' };
    expect(decodeFeedCursor(encodeFeedCursor(p))).toEqual(p);
    expect(decodeFeedCursor(undefined)).toBeUndefined();
    expect(decodeFeedCursor('')).toBeUndefined();
    for (const bad of ['nope', Buffer.from('[1,2]').toString('base64url')]) {
      const err = (() => {
        try {
          decodeFeedCursor(bad);
        } catch (e) {
          return e;
        }
      })();
      expect(err).toBeInstanceOf(Invalid);
      expect((err as Invalid).details).toEqual([{ field: 'query.after', reason: FEED_CURSOR_MESSAGE }]);
    }
  });

  it('reads only settled entries after the cursor and hands back the last one read as the cursor', async () => {
    const asked: unknown[] = [];
    const entries = [entry('2026-11-26T10:00:00.000Z', 'a'), entry('2026-11-26T10:00:01.000Z', 'b')];
    const feed = feedService({
      now: () => new Date('2026-11-26T10:01:00.000Z'),
      entries: async (_authority, options) => {
        asked.push(options);
        return entries;
      },
    });
    const after = encodeFeedCursor({ occurredAt: '2026-11-26T09:00:00.000Z', eventId: 'z' });
    const page = await feed.page('wcc', { after, limit: 10 });
    expect(asked).toEqual([
      {
        after: { occurredAt: '2026-11-26T09:00:00.000Z', eventId: 'z' },
        until: '2026-11-26T10:00:40.000Z',
        limit: 10,
      },
    ]);
    expect(page.events.map((e) => e.eventId)).toEqual(['a', 'b']);
    expect(decodeFeedCursor(page.cursor)).toEqual({ occurredAt: '2026-11-26T10:00:01.000Z', eventId: 'b' });
    // Nothing new: the cursor stays where it was.
    const empty = feedService({ now: () => new Date(), entries: async () => [] });
    expect((await empty.page('wcc', { after, limit: 10 })).cursor).toBe(after);
  });
});

describe('an upload into a council’s open group (docs/council-api.md)', () => {
  it('is RequiredDocumentUploaded for the group’s council, naming the group and the upload to review', async () => {
    const uploaded = newEvent(
      'RequiredDocumentUploaded',
      {
        aggregate: { type: 'application', id: '1000001' },
        actor: 'system',
        data: {
          documentName: 'plans-v2.pdf',
          documentContainerId: 'plans',
          groupGuid: 'g-plans',
          authorityId: 'wcc',
        },
      },
      new Date('2026-11-26T10:00:00.000Z'),
    );
    const mapped = councilEventOf(uploaded)!;
    expect(mapped).toEqual({
      authorityId: 'wcc',
      event: {
        eventId: uploaded.eventId,
        type: 'RequiredDocumentUploaded',
        applicationId: '1000001',
        requiredDocumentGroupGuid: 'g-plans',
        applicationDocumentId: 'plans-v2.pdf',
        occurredAt: uploaded.occurredAt,
      },
    });
    // The feed reads it back as the council's event, the same shape.
    const feed = feedService({
      now: () => new Date('2026-11-26T10:01:00.000Z'),
      entries: async () => [{ authorityId: 'wcc', ttl: 0, ...mapped.event, eventId: mapped.event.eventId }],
    });
    expect((await feed.page('wcc', { limit: 10 })).events).toEqual([mapped.event]);
  });
});

describe('metrics (docs/council-api.md)', () => {
  const metrics = captureMetrics();
  it('counts each page read as CouncilFeedReads of the reading authority (its code, nothing else)', async () => {
    const feed = feedService({ now: () => new Date('2026-11-26T10:01:00.000Z'), entries: async () => [] });
    await feed.page('wcc', { limit: 10 });
    await feed.page('demo-ibca', { limit: 10 });
    expect(metrics.emitted()).toEqual([
      { name: 'CouncilFeedReads', unit: 'Count', dimensions: { authority: 'wcc' } },
      { name: 'CouncilFeedReads', unit: 'Count', dimensions: { authority: 'demo-ibca' } },
    ]);
    expectOnlyCatalogueValues(metrics, []);
  });
});

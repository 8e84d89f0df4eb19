import { randomUUID } from 'node:crypto';
import { entities, service } from '../../platform/data/service.js';
import { lodgedApplicationChangeItems } from '../../platform/data/application-change.js';
import { newEvent, outboxItem } from '../../platform/events/outbox.js';
import { publishedEventItems } from '../../platform/events/council-feed.js';
import type { DomainEvent } from '../../platform/events/types.js';
import type { RfiChange, RfiPointRecord } from '../model/records.js';
import '../events.js';

/** Every RFI point of an application (one query on its partition). */
export async function pointsOf(applicationId: string): Promise<RfiPointRecord[]> {
  const { data } = await entities.rfiPoint.query.byApplication({ applicationId }).go({ pages: 'all' });
  return data;
}

/** Keys and timestamps are the table's: never set by a change. */
const settable = (set: Partial<RfiPointRecord>) => {
  const { applicationId: _a, rfiPointId: _p, createdAt: _c, updatedAt: _u, ...rest } = set;
  return rest;
};

/**
 * A point's response saved, on condition that the point is still open (neither submitted nor signed
 * off), with its event. False when it no longer is.
 */
export async function saveResponse(
  before: RfiPointRecord,
  set: Partial<RfiPointRecord>,
  actor: string,
  now: Date,
): Promise<boolean> {
  const event = newEvent(
    'RfiPointResponded',
    {
      aggregate: { type: 'application', id: before.applicationId },
      actor,
      data: { rfiPointId: before.rfiPointId },
    },
    now,
  );
  const result = await service.transaction
    .write((e) => [
      e.rfiPoint
        .patch({ applicationId: before.applicationId, rfiPointId: before.rfiPointId })
        .set(settable(set))
        .where((p, o) => `${o.notExists(p.customerSubmittedDate)} AND ${o.notExists(p.councilSignedOffDate)}`)
        .commit(),
      outboxItem(e, event),
    ])
    .go();
  return !result.canceled;
}

/**
 * One RFI change, one transaction (docs/rfis.md): the application's flags, status and clock (with
 * its history and ApplicationUpdated, conditional on the etag read), the new points, the changed
 * points (each conditional on being unchanged since read), then the RFI event, the council's feed
 * entry when it hears of the event and the idempotency item (`publishedEventItems`). False when
 * anything changed meanwhile.
 */
export async function writeRfiChange(change: RfiChange): Promise<boolean> {
  const { application, now } = change;
  const data = { authorityId: application.authorityId, ...change.round };
  const event = newEvent(
    change.action,
    {
      aggregate: { type: 'application', id: application.applicationId },
      actor: change.actor,
      data:
        change.action === 'RfiPointSignedOff'
          ? { ...data, status: String(change.update?.[0]?.set.status ?? '') }
          : data,
    },
    now,
  ) as DomainEvent;
  const result = await service.transaction
    .write((e) => [
      ...(Object.keys(change.patch).length > 0
        ? lodgedApplicationChangeItems(e, { ...change, patch: change.patch }).items
        : []),
      ...(change.create ?? []).map((p) => e.rfiPoint.create(p).commit()),
      ...(change.update ?? []).map(({ before, set }) =>
        e.rfiPoint
          .patch({ applicationId: before.applicationId, rfiPointId: before.rfiPointId })
          .set(settable(set))
          .where((p, o) => o.eq(p.updatedAt, before.updatedAt ?? ''))
          .commit(),
      ),
      ...publishedEventItems(e, event, change.idempotency),
    ])
    .go();
  return !result.canceled;
}

export const newId = () => randomUUID();

/** The application's documents: names and containers (an RFI response names some of them). */
export async function documentsOf(
  applicationId: string,
): Promise<{ name: string; fileName: string; documentContainerId?: string | undefined }[]> {
  const { data } = await entities.applicationDocument.query
    .byApplication({ applicationId })
    .go({ pages: 'all', attributes: ['documentName', 'fileName', 'documentContainerId'] });
  return data.map((d) => ({
    name: d.documentName,
    fileName: d.fileName,
    documentContainerId: d.documentContainerId,
  }));
}

/** A user's name as the RFI records it (first and last name; else the email). */
export async function userNameOf(userId: string): Promise<string | undefined> {
  const { data } = await entities.user.get({ userId }).go();
  if (!data) return undefined;
  const name = [data.firstName, data.lastName].filter(Boolean).join(' ').trim();
  return name || data.email;
}

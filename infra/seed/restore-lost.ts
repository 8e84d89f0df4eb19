/**
 * What a point-in-time restore undid (docs/reliability.md "Backup and restore"): the source table's
 * domain events, councils' feed entries, councils' writes and payments after the restore point,
 * sorted for the person who must tell the councils and reconcile the payments
 * (`npx tsx infra/seed/restore-table.ts lost`), and the outbox ids a redrive replays
 * (infra/seed/redrive-events.ts).
 */
import { ScanCommand, type AttributeValue, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { ENTITY_ATTRIBUTE, OUTBOX_ENTITY } from '../../functions/platform/events/filter.js';

const FEED_ENTITY = 'councilFeedEntry';

/** What the restore undid, from the source table's items changed after the restore point. */
export interface Lost {
  since: string;
  /** Outbox items after the instant (kept 7 days), by type. */
  eventsByType: Record<string, number>;
  /** Per authority: its feed entries after the instant (what it may have read), oldest first. */
  councilFeed: Record<
    string,
    { eventId: string; type: string; occurredAt: string; applicationId?: string }[]
  >;
  /** The councils' own writes after the instant: to be made again (their idempotency keys are gone too). */
  councilWrites: { eventId: string; type: string; occurredAt: string; actor: string; aggregateId: string }[];
  /** Card payments settled and deposits claimed or confirmed after the instant. */
  payments: { eventId: string; type: string; occurredAt: string; aggregateId: string; data: unknown }[];
}

const PAYMENT_EVENTS = new Set([
  'CardPaymentSettled',
  'DepositClaimed',
  'DepositConfirmed',
  'PaymentMarkedPaid',
  'PaymentReceived',
]);

/** Sorts the source's items (outbox and feed entries, any order) into {@link Lost}. */
export function lostSince(items: Record<string, unknown>[], since: string): Lost {
  const lost: Lost = { since, eventsByType: {}, councilFeed: {}, councilWrites: [], payments: [] };
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  for (const item of items) {
    const occurredAt = str(item.occurredAt);
    if (!(occurredAt > since)) continue;
    if (item[ENTITY_ATTRIBUTE] === FEED_ENTITY) {
      const authority = str(item.authorityId);
      (lost.councilFeed[authority] ??= []).push({
        eventId: str(item.eventId),
        type: str(item.type),
        occurredAt,
        ...(item.applicationId ? { applicationId: str(item.applicationId) } : {}),
      });
    } else if (item[ENTITY_ATTRIBUTE] === OUTBOX_ENTITY) {
      const type = str(item.type);
      lost.eventsByType[type] = (lost.eventsByType[type] ?? 0) + 1;
      const base = { eventId: str(item.eventId), type, occurredAt, aggregateId: str(item.aggregateId) };
      if (str(item.actor).startsWith('council:'))
        lost.councilWrites.push({ ...base, actor: str(item.actor) });
      if (PAYMENT_EVENTS.has(type)) lost.payments.push({ ...base, data: item.data });
    }
  }
  const byTime = (a: { occurredAt: string }, b: { occurredAt: string }) =>
    a.occurredAt < b.occurredAt ? -1 : a.occurredAt > b.occurredAt ? 1 : 0;
  for (const list of Object.values(lost.councilFeed)) list.sort(byTime);
  lost.councilWrites.sort(byTime);
  lost.payments.sort(byTime);
  return lost;
}

/** Scans `source` for the outbox and feed items after `since` (a filtered Scan, page by page). */
export async function scanLost(
  client: Pick<DynamoDBClient, 'send'>,
  source: string,
  since: string,
): Promise<Lost> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: source,
        FilterExpression: '(#e = :outbox OR #e = :feed) AND occurredAt > :since',
        ExpressionAttributeNames: { '#e': ENTITY_ATTRIBUTE },
        ExpressionAttributeValues: {
          ':outbox': { S: OUTBOX_ENTITY },
          ':feed': { S: FEED_ENTITY },
          ':since': { S: since },
        },
        ExclusiveStartKey: start,
      }),
    );
    for (const i of page.Items ?? []) items.push(unmarshall(i));
    start = page.LastEvaluatedKey;
  } while (start);
  return lostSince(items, since);
}

/** The ids of the table's outbox items after `since`, oldest first (a filtered Scan). */
export async function outboxEventIdsSince(
  client: Pick<DynamoDBClient, 'send'>,
  tableName: string,
  since: string,
): Promise<string[]> {
  const found: { eventId: string; occurredAt: string }[] = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: '#e = :outbox AND occurredAt > :since',
        ExpressionAttributeNames: { '#e': ENTITY_ATTRIBUTE },
        ExpressionAttributeValues: { ':outbox': { S: OUTBOX_ENTITY }, ':since': { S: since } },
        ProjectionExpression: 'eventId, occurredAt',
        ExclusiveStartKey: start,
      }),
    );
    for (const i of page.Items ?? []) {
      const { eventId, occurredAt } = unmarshall(i) as { eventId?: string; occurredAt?: string };
      if (eventId && occurredAt) found.push({ eventId, occurredAt });
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return found
    .sort((a, b) => (a.occurredAt < b.occurredAt ? -1 : a.occurredAt > b.occurredAt ? 1 : 0))
    .map((f) => f.eventId);
}

/** The report for a person: what to tell each council, what to check of the payments. */
export function formatLost(lost: Lost): string {
  const lines = [`Changes after ${lost.since} that the restored table does not have:`];
  const types = Object.entries(lost.eventsByType).sort(([a], [b]) => a.localeCompare(b));
  lines.push(
    types.length
      ? `  domain events: ${types.map(([t, n]) => `${t} ${n}`).join(', ')}`
      : '  domain events: none (or older than the outbox keeps them: 7 days)',
  );
  for (const [authority, entries] of Object.entries(lost.councilFeed).sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    lines.push(`  council ${authority}: ${entries.length} feed event(s) undone`);
    for (const e of entries)
      lines.push(`    ${e.occurredAt} ${e.type} ${e.applicationId ?? ''} (eventId ${e.eventId})`);
  }
  if (lost.councilWrites.length) {
    lines.push(`  council writes to make again: ${lost.councilWrites.length}`);
    for (const w of lost.councilWrites)
      lines.push(`    ${w.occurredAt} ${w.actor} ${w.type} ${w.aggregateId}`);
  }
  if (lost.payments.length) {
    lines.push(`  payments to reconcile with the gateway and the bank: ${lost.payments.length}`);
    for (const p of lost.payments)
      lines.push(`    ${p.occurredAt} ${p.type} ${p.aggregateId} ${JSON.stringify(p.data)}`);
  }
  return lines.join('\n');
}

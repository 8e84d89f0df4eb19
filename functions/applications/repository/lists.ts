import type { StatutoryClockConventions } from '../../../shared/schemas/reference.js';
import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { EntityItem } from 'electrodb';
import { documentClient } from '../../platform/adapters/aws/dynamodb.js';
import { entities } from '../../platform/data/service.js';
import type {
  application as applicationEntity,
  applicationAccess as accessEntity,
  template as templateEntity,
} from '../../platform/data/entities/application.js';
import type { Filter, QueryPlan, Visibility } from '../model/lists.js';
import { nextLimit } from '../model/lists.js';
import type { RecordType } from '../../../shared/schemas/applications.js';

/**
 * The reads of the application lists (L1–L4 in functions/platform/data/README.md): Query on gsi1/gsi2/gsi3
 * of the caller's applicationAccess rows with the FilterExpression of the list, COUNT queries for
 * the badges, and one BatchGet of a page's applications (and templates). No Scan.
 *
 * Every call can count what it costs in a ReadStats (Query and BatchGet calls, items read, items
 * matched, consumed read capacity): the benchmark prints them next to the latencies.
 */

export type AccessRow = EntityItem<typeof accessEntity>;
export type ApplicationItem = EntityItem<typeof applicationEntity>;
export type TemplateItem = EntityItem<typeof templateEntity>;

export interface ReadStats {
  queries: number;
  batchGets: number;
  /** Items DynamoDB read (ScannedCount; BatchGet items). */
  itemsRead: number;
  /** Items returned after the filter. */
  itemsMatched: number;
  /** Read capacity units DynamoDB reports (0 where it reports none). */
  capacityUnits: number;
}

export const newReadStats = (): ReadStats => ({
  queries: 0,
  batchGets: 0,
  itemsRead: 0,
  itemsMatched: 0,
  capacityUnits: 0,
});

const table = () => {
  const name = process.env.TABLE_NAME;
  if (!name) throw new Error('TABLE_NAME is not set');
  return name;
};

type KeyParams = Pick<
  QueryCommandInput,
  'IndexName' | 'KeyConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'
>;

/** The key condition of a plan, as ElectroDB builds it (partition and sort-key prefix). */
function keyParams(
  userId: string,
  index: QueryPlan['index'],
  recordType?: RecordType,
  visibility?: Visibility,
) {
  const q = entities.applicationAccess.query;
  let params: KeyParams;
  if (index === 'byUserRecordType') {
    if (!recordType) throw new Error('byUserRecordType needs a record type');
    const base = q.byUserRecordType({ userId, recordType });
    params = (visibility ? base.begins({ visibility }) : base).params() as KeyParams;
  } else if (index === 'byUser') {
    const base = q.byUser({ userId });
    params = (visibility ? base.begins({ visibility }) : base).params() as KeyParams;
  } else {
    params = q.byUserOutstanding({ userId }).params() as KeyParams;
  }
  return {
    IndexName: params.IndexName,
    KeyConditionExpression: params.KeyConditionExpression,
    ExpressionAttributeNames: params.ExpressionAttributeNames,
    ExpressionAttributeValues: params.ExpressionAttributeValues,
  } satisfies KeyParams;
}

function withFilter(base: KeyParams, filter: Filter | undefined): QueryCommandInput {
  const input: QueryCommandInput = { TableName: table(), ...base };
  if (filter) {
    input.FilterExpression = filter.expression;
    input.ExpressionAttributeNames = { ...base.ExpressionAttributeNames, ...filter.names };
    input.ExpressionAttributeValues = { ...base.ExpressionAttributeValues, ...filter.values };
  }
  return input;
}

const parseRows = (items: Record<string, unknown>[] | undefined): AccessRow[] =>
  items && items.length > 0 ? (entities.applicationAccess.parse({ Items: items }).data as AccessRow[]) : [];

/**
 * The caller's rows a plan selects, in index order (modifiedDate; descending unless `scanForward`).
 * With `need`, reads just enough of the index to find that many matches (Limit sized by the
 * selectivity seen so far); without it, every matching row.
 */
export async function queryAccessRows(
  userId: string,
  plan: QueryPlan,
  { need, stats }: { need?: number; stats?: ReadStats } = {},
): Promise<{ rows: AccessRow[]; exhausted: boolean }> {
  const base = keyParams(
    userId,
    plan.index,
    plan.recordType,
    plan.index === 'byUserOutstanding' ? undefined : plan.visibility,
  );
  const input = withFilter(base, plan.filter);
  input.ScanIndexForward = plan.scanForward;
  input.ReturnConsumedCapacity = 'TOTAL';
  return queryRows(input, parseRows, { need, stats, filtered: !!plan.filter });
}

/**
 * Pages through a query until `need` rows have matched (Limit sized by the selectivity seen so far)
 * or, without `need`, to the end; each page's items become rows through `toRows`. Shared by the
 * index lists above and the list-order read model (./list-order-read.ts).
 */
export async function queryRows<Row>(
  input: QueryCommandInput,
  toRows: (items: Record<string, unknown>[] | undefined) => Row[],
  { need, stats, filtered }: { need?: number; stats?: ReadStats; filtered: boolean },
): Promise<{ rows: Row[]; exhausted: boolean }> {
  const rows: Row[] = [];
  let read = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page: QueryCommandInput = { ...input };
    if (startKey) page.ExclusiveStartKey = startKey;
    if (need !== undefined) page.Limit = nextLimit(need - rows.length, read, rows.length, filtered);
    const res = await documentClient().send(new QueryCommand(page));
    read += res.ScannedCount ?? 0;
    rows.push(...toRows(res.Items));
    if (stats) {
      stats.queries++;
      stats.itemsRead += res.ScannedCount ?? 0;
      stats.itemsMatched += res.Count ?? 0;
      stats.capacityUnits += res.ConsumedCapacity?.CapacityUnits ?? 0;
    }
    startKey = res.LastEvaluatedKey;
  } while (startKey && (need === undefined || rows.length < need));
  return { rows: need === undefined ? rows : rows.slice(0, need), exhausted: !startKey };
}

const BATCH_GET_MAX = 100;

/**
 * The application items of `applicationIds` and the template items of `templateIds`, by
 * BatchGet (100 keys a call, unprocessed keys retried); missing items are left out.
 */
export async function getListItems(
  applicationIds: readonly string[],
  templateIds: readonly string[] = [],
  stats?: ReadStats,
): Promise<{ applications: Map<string, ApplicationItem>; templates: Map<string, TemplateItem> }> {
  const keys: Record<string, unknown>[] = [];
  const keyOf = (params: unknown) =>
    (params as { RequestItems: Record<string, { Keys: Record<string, unknown>[] }> }[]).flatMap((p) =>
      Object.values(p.RequestItems).flatMap((r) => r.Keys),
    );
  if (applicationIds.length > 0)
    keys.push(
      ...keyOf(entities.application.get(applicationIds.map((applicationId) => ({ applicationId }))).params()),
    );
  if (templateIds.length > 0)
    keys.push(
      ...keyOf(entities.template.get(templateIds.map((applicationId) => ({ applicationId }))).params()),
    );
  const items: Record<string, unknown>[] = [];
  const chunks: Record<string, unknown>[][] = [];
  for (let i = 0; i < keys.length; i += BATCH_GET_MAX) chunks.push(keys.slice(i, i + BATCH_GET_MAX));
  await Promise.all(
    chunks.map(async (chunk) => {
      let pending: Record<string, unknown>[] = chunk;
      for (let attempt = 0; pending.length > 0; attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)));
        if (attempt > 8) throw new Error('BatchGet: keys left unprocessed');
        const res = await documentClient().send(
          new BatchGetCommand({
            RequestItems: { [table()]: { Keys: pending } },
            ReturnConsumedCapacity: 'TOTAL',
          }),
        );
        const got = res.Responses?.[table()] ?? [];
        items.push(...got);
        if (stats) {
          stats.batchGets++;
          stats.itemsRead += got.length;
          stats.capacityUnits += (res.ConsumedCapacity ?? []).reduce((s, c) => s + (c.CapacityUnits ?? 0), 0);
        }
        pending = (res.UnprocessedKeys?.[table()]?.Keys ?? []) as Record<string, unknown>[];
      }
    }),
  );
  const apps = items.filter((i) => i.__edb_e__ === 'application');
  const temps = items.filter((i) => i.__edb_e__ === 'template');
  const applications = new Map<string, ApplicationItem>();
  const templates = new Map<string, TemplateItem>();
  if (apps.length > 0)
    for (const a of entities.application.parse({ Items: apps }).data as ApplicationItem[])
      applications.set(a.applicationId, a);
  if (temps.length > 0)
    for (const t of entities.template.parse({ Items: temps }).data as TemplateItem[])
      templates.set(t.applicationId, t);
  return { applications, templates };
}

// ---- display names (reference data) ----

const NAMES_TTL_MS = 60_000;
/** What the lists show of an authority: its name, and its statutory clock's conventions. */
export interface AuthorityNames {
  displayName: string;
  jurisdictionId: string;
  statutoryClock?: StatutoryClockConventions;
}
const authorityCache = new Map<string, { at: number; value: AuthorityNames | null }>();
const formCache = new Map<string, { at: number; value: { displayName: string; category?: string } | null }>();

/**
 * Display names of authorities (RD8, batch) and forms (RD4 item by the authority's jurisdiction and
 * the form id, batch), cached for a minute per Lambda instance. Missing ones are left out.
 */
export async function displayNames(
  pairs: readonly { authorityId?: string | undefined; formId?: string | undefined }[],
): Promise<{
  authorities: Map<string, AuthorityNames>;
  forms: Map<string, { displayName: string; category?: string }>;
}> {
  const now = Date.now();
  const fresh = <V>(c: Map<string, { at: number; value: V }>, k: string) => {
    const e = c.get(k);
    return e && now - e.at < NAMES_TTL_MS ? e : undefined;
  };
  const authorityIds = [...new Set(pairs.flatMap((p) => (p.authorityId ? [p.authorityId] : [])))];
  const missingAuthorities = authorityIds.filter((id) => !fresh(authorityCache, id));
  if (missingAuthorities.length > 0) {
    const { data } = await entities.authority
      .get(missingAuthorities.map((authorityId) => ({ authorityId })))
      .go();
    const got = new Map(data.map((a) => [a.authorityId, a]));
    for (const id of missingAuthorities) {
      const a = got.get(id);
      authorityCache.set(id, {
        at: now,
        value: a
          ? {
              displayName: a.displayName,
              jurisdictionId: a.jurisdictionId,
              ...(a.statutoryClock ? { statutoryClock: a.statutoryClock } : {}),
            }
          : null,
      });
    }
  }
  const authorities = new Map<string, AuthorityNames>();
  for (const id of authorityIds) {
    const v = authorityCache.get(id)?.value;
    if (v) authorities.set(id, v);
  }
  const formKeys = new Map<string, { jurisdictionId: string; formId: string }>();
  for (const p of pairs) {
    const j = p.authorityId ? authorities.get(p.authorityId)?.jurisdictionId : undefined;
    if (j && p.formId) formKeys.set(`${j}#${p.formId}`, { jurisdictionId: j, formId: p.formId });
  }
  const missingForms = [...formKeys.entries()].filter(([k]) => !fresh(formCache, k));
  if (missingForms.length > 0) {
    const { data } = await entities.form.get(missingForms.map(([, key]) => key)).go();
    const got = new Map(data.map((f) => [`${f.jurisdictionId}#${f.formId}`, f]));
    for (const [k] of missingForms) {
      const f = got.get(k);
      formCache.set(k, {
        at: now,
        value: f ? { displayName: f.displayName, ...(f.category ? { category: f.category } : {}) } : null,
      });
    }
  }
  const forms = new Map<string, { displayName: string; category?: string }>();
  for (const [k, key] of formKeys) {
    const v = formCache.get(k)?.value;
    if (v && !forms.has(key.formId)) forms.set(key.formId, v);
  }
  return { authorities, forms };
}

/** The one order of the lists' other sort orders: the key the in-memory sort and the list-order read model share. */
import { describe, expect, test } from 'vitest';
import {
  descendingKey,
  naturalKey,
  orderKeysOf,
  ORDERED_SORTS,
  orderPrefix,
  orderString,
  prefixRange,
} from '../../../../functions/applications/model/list-order.js';
import { sortRows } from '../../../../functions/applications/model/lists.js';

const sorted = (values: string[], direction: 'asc' | 'desc' = 'asc') =>
  [...values].sort((a, b) => {
    const ka = orderString(a, '2025-01-01T00:00:00.000Z', '1', direction);
    const kb = orderString(b, '2025-01-01T00:00:00.000Z', '1', direction);
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });

describe('list order key', () => {
  test('application numbers compare by the value of their numeric parts', () => {
    expect(sorted(['BLD-2025-00010', 'BLD-2024-99999', 'BLD-2025-00009', 'BLD-2025-00100'])).toEqual([
      'BLD-2024-99999',
      'BLD-2025-00009',
      'BLD-2025-00010',
      'BLD-2025-00100',
    ]);
    expect(sorted(['A10', 'A2', 'A1b', 'A1'])).toEqual(['A1', 'A1b', 'A2', 'A10']);
    // Leading zeros do not count: the same number is a tie (then newest first, then id).
    expect(naturalKey('BLD-2025-009')).toBe(naturalKey('bld 2025 9'));
  });

  test('case and accents are ignored; a shorter value first; digits before letters', () => {
    expect(naturalKey('Ōtaki Road')).toBe(naturalKey('otaki road'));
    expect(sorted(['b street', 'A street', 'a'])).toEqual(['a', 'A street', 'b street']);
    expect(sorted(['ab', 'a1'])).toEqual(['a1', 'ab']);
  });

  test('descending is the exact reverse of ascending, shorter values last', () => {
    const values = ['BLD-2025-00010', 'a', 'ab', 'A street', 'BLD-2025-00009', 'Completed', 'Ōtaki'];
    expect(sorted(values, 'desc')).toEqual(sorted(values, 'asc').reverse());
    expect(descendingKey(descendingKey('abc'))).toBe('abc');
  });

  test('rows without the value come last both ways; ties newest first, then id, both ways', () => {
    const rows = [
      { applicationId: '1000010', modifiedDate: '2025-01-01T00:00:00.000Z', status: 'Draft' },
      { applicationId: '1000009', modifiedDate: '2025-01-01T00:00:00.000Z', status: 'Draft' },
      { applicationId: '1000011', modifiedDate: '2025-03-01T00:00:00.000Z', status: 'Draft' },
      { applicationId: '1000012', modifiedDate: '2025-02-01T00:00:00.000Z', status: 'Completed' },
      {
        applicationId: '1000013',
        modifiedDate: '2025-02-01T00:00:00.000Z',
        status: 'Draft',
        consentNumber: 'BC-1',
      },
    ];
    const ids = (r: { applicationId: string }[]) => r.map((x) => x.applicationId);
    expect(ids(sortRows(rows, 'status', 'asc'))).toEqual([
      '1000012',
      '1000011',
      '1000013',
      '1000009',
      '1000010',
    ]);
    expect(ids(sortRows(rows, 'status', 'desc'))).toEqual([
      '1000011',
      '1000013',
      '1000009',
      '1000010',
      '1000012',
    ]);
    expect(ids(sortRows(rows, 'consentNumber', 'desc'))).toEqual([
      '1000013',
      '1000011',
      '1000012',
      '1000009',
      '1000010',
    ]);
  });

  test('a row has ten entries (five sorts, two directions) under its visibility; a template none', () => {
    const row = {
      applicationId: '1000001',
      modifiedDate: '2025-01-01T00:00:00.000Z',
      status: 'Draft',
      applicationNumber: 'BLD-2025-00001',
      formId: 'bc',
      visibility: 'hidden' as const,
      recordType: 'Draft',
    };
    const keys = orderKeysOf(row, 'Building consent');
    expect(keys).toHaveLength(10);
    expect(keys.filter((k) => k.startsWith(orderPrefix('applicationNumber', 'asc', 'hidden')))).toEqual([
      orderPrefix('applicationNumber', 'asc', 'hidden') +
        orderString('BLD-2025-00001', row.modifiedDate, row.applicationId, 'asc'),
    ]);
    expect(
      keys.some(
        (k) =>
          k ===
          orderPrefix('formDisplayName', 'desc', 'hidden') +
            orderString('Building consent', row.modifiedDate, row.applicationId, 'desc'),
      ),
    ).toBe(true);
    expect(orderKeysOf({ ...row, recordType: 'Template' }, undefined)).toEqual([]);
  });

  test("a prefix's key range holds exactly the keys that begin with it, as DynamoDB compares (UTF-8 bytes)", () => {
    const values = [
      'BLD-2025-00001',
      'Ōtaki Road',
      '12 Ngā Puna',
      'x\u{1F3E0}y',
      'zz\uffff',
      '',
      '\u0000a',
      'Z',
    ];
    const keys = values.flatMap((value, i) =>
      (['visible', 'hidden'] as const).flatMap((visibility) =>
        orderKeysOf(
          {
            applicationId: String(1_000_000 + i),
            modifiedDate: `2025-0${1 + (i % 9)}-01T00:00:00.000Z`,
            status: value || 'Draft',
            applicationNumber: value,
            consentNumber: value,
            fullAddress: value,
            formId: value,
            visibility,
            recordType: 'Draft',
          },
          value,
        ),
      ),
    );
    keys.push(...values.map((_, i) => `~app#${1_000_000 + i}`), '~built');
    const bytes = (k: string) => Buffer.from(k, 'utf8');
    const within = (k: string, r: { from: string; to: string }) =>
      Buffer.compare(bytes(k), bytes(r.from)) >= 0 && Buffer.compare(bytes(k), bytes(r.to)) <= 0;
    const prefixes = [
      ...ORDERED_SORTS.flatMap((sortBy) =>
        (['asc', 'desc'] as const).flatMap((d) =>
          (['visible', 'hidden'] as const).map((v) => orderPrefix(sortBy, d, v)),
        ),
      ),
      '~app#',
    ];
    for (const prefix of prefixes) {
      const range = prefixRange(prefix);
      const inRange = keys.filter((k) => within(k, range));
      expect(inRange, prefix).toEqual(keys.filter((k) => k.startsWith(prefix)));
      expect(inRange.length, prefix).toBeGreaterThan(0);
    }
  });
});

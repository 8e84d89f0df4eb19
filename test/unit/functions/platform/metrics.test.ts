import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  councilWriteActions,
  councilWriteRoutes,
  metricCatalogue,
} from '../../../../functions/platform/observability/catalogue.js';
import { routeKey, routes } from '../../../../functions/routes.js';
import { onMetric, recordMetric } from '../../../../functions/platform/observability/metrics.js';
import type { RecordedMetric } from '../../../../functions/platform/observability/metrics.js';

describe('recordMetric', () => {
  const seen: RecordedMetric[] = [];
  const off = onMetric((m) => seen.push(m));
  afterAll(off);
  afterEach(() => {
    seen.length = 0;
    delete process.env.METRICS_FILE;
  });

  it('records a catalogue metric with its declared unit and dimensions', () => {
    recordMetric('CardSettlements', { outcome: 'Approved', path: 'catch-up' });
    recordMetric('Lodgements');
    expect(seen).toEqual([
      {
        name: 'CardSettlements',
        unit: 'Count',
        value: 1,
        dimensions: { outcome: 'Approved', path: 'catch-up' },
      },
      { name: 'Lodgements', unit: 'Count', value: 1, dimensions: {} },
    ]);
  });

  it('drops a metric whose dimension value is not in its closed list (no id, email or free text)', () => {
    recordMetric('WebhookDeliveries', { authority: 'wcc', outcome: 'Failed' });
    recordMetric('WebhookDeliveries', { authority: 'aroha@example.nz', outcome: 'Failed' });
    recordMetric('CheckFailures', { errorCode: 'INVALID_PDF_FORMAT' });
    recordMetric('CheckFailures', { errorCode: '01J9Z6W3QK7V2M4R8T5N0XYZAB' as 'AV_SCAN_FAILED' });
    recordMetric('Lodgements', { applicationId: 'x' } as never);
    expect(seen.map((m) => m.dimensions)).toEqual([
      { authority: 'wcc', outcome: 'Failed' },
      { errorCode: 'INVALID_PDF_FORMAT' },
    ]);
  });

  it('writes EMF lines to METRICS_FILE when set (the local stack)', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'metrics-')), 'metrics.log');
    process.env.METRICS_FILE = file;
    recordMetric('ScanVerdicts', { verdict: 'ScanFailed' });
    const emf = JSON.parse(readFileSync(file, 'utf8').trim()) as Record<string, unknown> & {
      _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: unknown[] }[] };
    };
    expect(emf.ScanVerdicts).toBe(1);
    expect(emf.verdict).toBe('ScanFailed');
    expect(emf._aws.CloudWatchMetrics[0]?.Metrics).toEqual([{ Name: 'ScanVerdicts', Unit: 'Count' }]);
    expect(emf._aws.CloudWatchMetrics[0]?.Dimensions[0]).toEqual(expect.arrayContaining(['verdict']));
  });

  it('declares only bounded dimensions: a closed list or the authority shape', () => {
    for (const [name, def] of Object.entries(metricCatalogue)) {
      for (const [dim, values] of Object.entries(def.dimensions)) {
        const bounded = Array.isArray(values)
          ? values.length > 0 && values.length <= 50
          : values instanceof RegExp;
        expect(bounded, `${name}.${dim}`).toBe(true);
      }
    }
  });
});

describe('the council write actions (CouncilWrites)', () => {
  it('every council write route of the table has its action, and every action is a route’s', () => {
    const writes = routes
      .filter((r) => r.method !== 'GET' && (r.access as { caller?: string }).caller === 'council')
      .map(routeKey)
      .sort();
    expect(Object.keys(councilWriteRoutes).sort()).toEqual(writes);
    expect([...councilWriteActions].sort()).toEqual([...new Set(Object.values(councilWriteRoutes))].sort());
  });
});

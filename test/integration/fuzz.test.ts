/**
 * The fuzz pass in `npm test` (docs/security.md, test/support/fuzz.ts): a bounded run of malformed requests
 * — 30 per route of the OpenAPI document, about 5,200 in all (40 a route until the documents
 * issue's 18 routes took it past its time on CI), with a fixed seed so a failure
 * reproduces — against the local stack. No answer may be a 5xx (or a dropped connection), and no
 * route's requests may change a stored item or object. `npm run bench -- fuzz` runs 20,000 with a
 * fresh seed and prints the figures.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { readOutputs } from '../support/outputs';
import {
  fuzzOperations,
  malformedRequests,
  runFuzz,
  type FuzzContext,
  type FuzzReport,
} from '../support/fuzz';
import { fuzzContext, warmUp } from '../support/fuzz-setup';
import fc from 'fast-check';

const o = readOutputs();
const SEED = 20261124;
const PER_ROUTE = 30;

let ctx: FuzzContext;
let report: FuzzReport;

beforeAll(async () => {
  ctx = await fuzzContext(o);
  report = await runFuzz({ outputs: o, ctx, perRoute: PER_ROUTE, seed: SEED, warmUp: warmUp(o, ctx) });
  // Each route is bracketed by snapshots of the whole table (test/support/fuzz.ts): this file runs
  // first (test/support/sequencer.ts), before the other files fill it.
}, 1_200_000);

describe('fuzz pass (malformed requests from the OpenAPI document)', () => {
  test('every route of the table is fuzzed, and every change route only with requests its schema refuses', () => {
    const ops = fuzzOperations();
    expect(report.perRoute.size).toBe(ops.length);
    for (const op of ops) {
      if (op.route.method === 'GET' || !op.schemas.body) continue;
      for (const req of fc.sample(malformedRequests(op, ctx), { numRuns: 20, seed: SEED })) {
        let refused = true;
        try {
          refused = !op.schemas.body.safeParse(req.body === '' ? undefined : JSON.parse(req.body!)).success;
        } catch {
          refused = true;
        }
        expect(refused, `${op.key}: ${req.kind}`).toBe(true);
      }
    }
  });

  test('no answer is a server error or a dropped connection', () => {
    const failures = report.failures.map(
      (f) =>
        `${f.key} → ${f.status} (${f.request.kind}) ${f.request.path.slice(0, 80)}: ${f.body.slice(0, 120)}`,
    );
    expect(failures).toEqual([]);
    expect(report.requests).toBe(PER_ROUTE * fuzzOperations().length);
  });

  test('no stored item or object changed', () => {
    expect(report.changes).toEqual([]);
  });

  test('every refusal is the error shape, and every 400 names the field and the reason', () => {
    const bad = report.badShapes.map(
      (f) => `${f.key} → ${f.status} (${f.request.kind}): ${f.body.slice(0, 160)}`,
    );
    expect(bad).toEqual([]);
    expect(report.statuses.get(400) ?? 0).toBeGreaterThan(report.requests / 4);
  });
});

describe('findings of the fuzz pass, pinned', () => {
  test('a path id longer than a key may be is a 400 naming the field, not a DynamoDB error', async () => {
    const long = 'a'.repeat(2048);
    for (const path of [
      `/public/jurisdictions/${long}`,
      `/public/jurisdictions/${long}/document-types`,
      `/public/jurisdictions/nz/forms/${long}/document-types`,
      `/public/images/${long}`,
    ]) {
      const res = await fetch(`${o.ApiUrl}${path}`);
      expect(res.status, path.slice(0, 40)).toBe(400);
      const body = (await res.json()) as { details: { field: string }[] };
      expect(body.details[0]!.field).toMatch(/^path\.(id|formId)$/);
    }
  });
});

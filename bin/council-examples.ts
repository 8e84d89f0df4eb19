/**
 * `npm run council-examples`: records the council API's examples for the OpenAPI document. Runs
 * the council integration tests with the council client recording its calls
 * (infra/council/examples-recorder.ts), then keeps, per council operation and status, the first
 * call seen — a success and each error it answered — in functions/platform/http/openapi-examples.json, which
 * `npm run openapi` puts in the document. A unit test checks every operation has its examples and
 * each still parses by the operation's schemas, so a contract change asks for a new recording.
 *
 * `npm run council-examples -- --from <calls.jsonl>` rebuilds the file from an earlier recording.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pickCouncilExamples } from '../infra/council/examples.js';
import type { RecordedCall } from '../infra/council/examples-recorder.js';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { from: { type: 'string' } } });

/** The tests whose calls make the examples: together they call every council operation. */
const TESTS = [
  'test/integration/council-core.test.ts',
  'test/integration/council-auto.test.ts',
  'test/integration/council-document-groups.test.ts',
  'test/integration/council-rfi-commands.test.ts',
  'test/integration/payments.test.ts',
  'test/integration/rfis.test.ts',
  'test/integration/authorization-matrix-council.test.ts',
  'test/integration/council-limits.test.ts',
  'test/integration/council-feed-restart.test.ts',
  'test/integration/council-tour.test.ts',
  'test/integration/council-issued-documents.test.ts',
];

let file = values.from;
if (!file) {
  file = path.join(mkdtempSync(path.join(tmpdir(), 'council-examples-')), 'calls.jsonl');
  writeFileSync(file, '');
  const run = spawnSync('npx', ['tsx', 'test/with-stack.ts', 'integration', ...TESTS], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, COUNCIL_EXAMPLES_FILE: file },
  });
  if (run.status !== 0) throw new Error('the council tests failed: no examples written');
}
const calls = readFileSync(file, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as RecordedCall);
const examples = pickCouncilExamples(calls);
const out = path.join(root, 'functions', 'platform', 'http', 'openapi-examples.json');
writeFileSync(out, `${JSON.stringify(examples, null, 2)}\n`);
console.log(
  `wrote ${path.relative(process.cwd(), out)}: ${Object.keys(examples).length} operations from ${calls.length} calls`,
);

/**
 * `npm run ops -- status`: what an operator would see, for a local stack (infra/local/ops-status.ts):
 * the figures of the metrics catalogue over the last hour and since the stack started, and the dead
 * letters. On AWS the same figures are on the stage's dashboard (docs/operations.md).
 *
 *   npm run ops -- status                      the stack of .local/ (npm start)
 *   npm run ops -- status --data-dir .local-test
 *   STACK_DIR=.local-test-h1 npm run ops -- status   a test stack (test/with-stack.ts)
 *   npm run ops -- status --json               the same as JSON
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatOpsStatus, readOpsStatus } from '../infra/local/ops-status';

const { values, positionals } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    json: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});

const [command = 'status'] = positionals;
if (command !== 'status') {
  console.error(`Unknown command ${command}: npm run ops -- status [--data-dir <dir>] [--json]`);
  process.exit(2);
}
const dataDir = path.resolve(values['data-dir'] ?? process.env.STACK_DIR ?? '.local');
const status = readOpsStatus(dataDir);
console.log(values.json ? JSON.stringify(status, null, 2) : formatOpsStatus(status));

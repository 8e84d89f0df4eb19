/**
 * `npm run ops -- status`: what an operator would see, for a local stack (infra/local/ops-status.ts):
 * the figures of the metrics catalogue over the last hour and since the stack started, and the dead
 * letters. On AWS the same figures are on the stage's dashboard (docs/operations.md).
 *
 *   npm run ops -- status                      the stack of .local/ (npm start)
 *   npm run ops -- status --data-dir .local-test
 *   STACK_DIR=.local-test-h1 npm run ops -- status   a test stack (test/with-stack.ts)
 *   npm run ops -- status --json               the same as JSON
 *
 * `npm run ops -- backup|restore`: a copy of the stopped stack's data directory, and putting one
 * back (infra/local/backup.ts; docs/reliability.md "Backup and restore"):
 *
 *   npm run ops -- backup backups/monday            a new directory (or backups/monday.tar.gz: one file)
 *   npm run ops -- restore backups/monday           replaces .local/ with it (ids and numbers issued
 *                                                   since are not issued again); then npm start
 *   npm run ops -- backup <dir> --data-dir .local-test
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backupDataDir, formatManifest, restoreLocalStack } from '../infra/local/backup';
import { formatOpsStatus, readOpsStatus } from '../infra/local/ops-status';

const USAGE = `usage: npm run ops -- status [--data-dir <dir>] [--json]
       npm run ops -- backup <dir | file.tar.gz> [--data-dir <dir>]
       npm run ops -- restore <dir | file.tar.gz> [--data-dir <dir>]`;

const { values, positionals } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    json: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});

const [command = 'status', where] = positionals;
const dataDir = path.resolve(values['data-dir'] ?? process.env.STACK_DIR ?? '.local');

try {
  if (command === 'status') {
    const status = readOpsStatus(dataDir);
    console.log(values.json ? JSON.stringify(status, null, 2) : formatOpsStatus(status));
  } else if ((command === 'backup' || command === 'restore') && where) {
    if (command === 'backup') {
      console.log(formatManifest('Backed up to', where, backupDataDir(dataDir, where)));
    } else {
      const { manifest, counters } = await restoreLocalStack(where, dataDir);
      console.log(formatManifest(`Restored ${dataDir} from`, where, manifest));
      if (counters.raised.length)
        console.log(`Counters carried forward (no id or number issued twice): ${counters.raised.join(', ')}`);
      console.log('Start the stack on it again: npm start (with the same --data-dir).');
    }
  } else {
    console.error(`Unknown command ${positionals.join(' ')}\n${USAGE}`);
    process.exit(2);
  }
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
}

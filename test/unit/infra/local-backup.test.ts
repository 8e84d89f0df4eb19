/**
 * Backup and restore of a local data directory (infra/local/backup.ts, `npm run ops -- backup|restore`):
 * the copy and its manifest, as a directory and as a tar file, what is left out, what a restore
 * replaces, and the refusals (a running stack, a target that exists, a folder that is no backup).
 * The whole round trip on a real stack: test/integration/ops-backup-restore.test.ts.
 */
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupDataDir, restoreDataDir, runningStackPid } from '../../../infra/local/backup.js';

const dirs: string[] = [];
const temp = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'portal-backup-test-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A data directory shaped like the stack's (infra/local/README.md). */
function dataDir(root: string, db = 'db v1'): string {
  const d = path.join(root, '.local');
  mkdirSync(path.join(d, 'dynamodb'), { recursive: true });
  mkdirSync(path.join(d, 's3', 'consent-portal-uploads-local', 'documents', 'a1', 'plan.pdf'), {
    recursive: true,
  });
  writeFileSync(path.join(d, 'dynamodb', 'shared-local-instance.db'), db);
  writeFileSync(
    path.join(d, 's3', 'consent-portal-uploads-local', 'documents', 'a1', 'plan.pdf', 'object'),
    '%PDF-1.7',
  );
  writeFileSync(path.join(d, 'streams.json'), '{"shards":{}}');
  writeFileSync(path.join(d, 'metrics.jsonl'), '{}\n');
  writeFileSync(path.join(d, 'dynamodb.pid'), '999999999');
  return d;
}

const files = (d: string) =>
  readdirSync(d, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(d, path.join(e.parentPath, e.name)))
    .sort();

describe('local backup and restore', () => {
  it.each(['backup', 'backup.tar.gz'])(
    'round trip through %s: the data as it was, without the pid and the run’s figures',
    (name) => {
      const root = temp();
      const data = dataDir(root);
      const target = path.join(root, 'backups', name);
      const manifest = backupDataDir(data, target, new Date('2026-11-30T04:00:00Z'));
      expect(manifest).toMatchObject({
        format: 'consent-portal-local-backup',
        createdAt: '2026-11-30T04:00:00.000Z',
        source: data,
        files: 3,
        entries: ['dynamodb', 's3', 'streams.json'],
      });

      // Changed and deleted after the backup.
      writeFileSync(path.join(data, 'dynamodb', 'shared-local-instance.db'), 'db v2');
      rmSync(path.join(data, 's3'), { recursive: true });
      writeFileSync(path.join(data, 'after-backup.json'), '{}');

      expect(restoreDataDir(target, data)).toEqual(manifest);
      expect(files(data)).toEqual([
        'dynamodb/shared-local-instance.db',
        's3/consent-portal-uploads-local/documents/a1/plan.pdf/object',
        'streams.json',
      ]);
      expect(readFileSync(path.join(data, 'dynamodb', 'shared-local-instance.db'), 'utf8')).toBe('db v1');
      expect(existsSync(`${data}.restoring`)).toBe(false);
    },
  );

  it('refuses a target that exists, inside the data directory, or a source that is not a backup', () => {
    const root = temp();
    const data = dataDir(root);
    mkdirSync(path.join(root, 'full'));
    writeFileSync(path.join(root, 'full', 'x'), '');
    expect(() => backupDataDir(data, path.join(root, 'full'))).toThrow(/exists/);
    expect(() => backupDataDir(data, path.join(data, 'backup'))).toThrow(/inside the data directory/);
    expect(() => restoreDataDir(path.join(root, 'full'), data)).toThrow(/not a backup/);
    expect(() => restoreDataDir(path.join(root, 'missing'), data)).toThrow(/No backup/);
    // Nothing was replaced.
    expect(readFileSync(path.join(data, 'dynamodb', 'shared-local-instance.db'), 'utf8')).toBe('db v1');
  });

  it('refuses both while the stack runs (its DynamoDB Local is alive)', async () => {
    const root = temp();
    const data = dataDir(root);
    const backup = path.join(root, 'b');
    backupDataDir(data, backup);
    // A process whose command line names the jar, standing in for DynamoDB Local.
    const java = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)', 'DynamoDBLocal.jar'], {
      stdio: 'ignore',
    });
    try {
      writeFileSync(path.join(data, 'dynamodb.pid'), String(java.pid));
      expect(runningStackPid(data)).toBe(java.pid);
      expect(() => backupDataDir(data, path.join(root, 'b2'))).toThrow(/is running .* stop it first/);
      expect(() => restoreDataDir(backup, data)).toThrow(/is running .* stop it first/);
    } finally {
      java.kill('SIGKILL');
    }
    // A pid file left by a stack that was killed does not count.
    writeFileSync(path.join(data, 'dynamodb.pid'), String(process.pid));
    expect(runningStackPid(data)).toBeUndefined();
  });
});

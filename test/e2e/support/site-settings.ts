import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { outputsPath } from '../../support/outputs';

/**
 * Runs the operator command (infra/seed/site-settings.ts) against the stack under test, as an
 * operator would: `--maintenance on|off`, `--announcements <file>|none`.
 */
export function siteSettings(options: { maintenance?: 'on' | 'off'; announcements?: unknown[] | 'none' }) {
  const args = ['tsx', 'infra/seed/site-settings.ts', '--outputs', outputsPath()];
  if (options.maintenance) args.push('--maintenance', options.maintenance);
  // The announcements file lives only as long as the command runs.
  let dir: string | undefined;
  if (options.announcements === 'none') args.push('--announcements', 'none');
  else if (options.announcements) {
    dir = mkdtempSync(path.join(tmpdir(), 'announcements-'));
    const file = path.join(dir, 'announcements.json');
    writeFileSync(file, JSON.stringify(options.announcements));
    args.push('--announcements', file);
  }
  try {
    execFileSync('npx', args, { stdio: 'pipe' });
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

import { spawn } from 'node:child_process';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/** Result of a virus scan. */
export type ScanResult =
  { status: 'clean' } | { status: 'infected'; signature: string } | { status: 'error'; reason: string };

export interface Scanner {
  /** Scans a byte stream without holding it in memory. Never throws for a scanner failure: returns status 'error'. */
  scan(stream: Readable): Promise<ScanResult>;
}

/** Parses clamscan's `--no-summary --stdout` output for stdin: `stdin: Eicar-Test-Signature FOUND`. */
export function parseSignature(stdout: string): string | undefined {
  const m = /^(?:stdin|-): (.+) FOUND$/m.exec(stdout.trim());
  return m?.[1];
}

/**
 * ClamAV through the `clamscan` CLI: `clamscan --no-summary --stdout -d <db> -`, the object piped to
 * its stdin. Exit 0 clean, 1 infected (signature from stdout), anything else an error.
 */
export function clamscanScanner(options: { clamscanPath?: string; databaseDir?: string } = {}): Scanner {
  return {
    async scan(stream) {
      const bin = options.clamscanPath ?? (process.env.CLAMSCAN_PATH || 'clamscan');
      const db = options.databaseDir ?? process.env.CLAMAV_DB_DIR;
      const args = ['--no-summary', '--stdout', ...(db ? ['-d', db] : []), '-'];
      const child = spawn(bin, args, { stdio: ['pipe', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
      child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
      const exited = new Promise<number | null>((resolve, reject) => {
        child.once('error', reject);
        child.once('close', (code) => resolve(code));
      });
      // clamscan may exit (e.g. no database) before reading all of stdin: EPIPE is then expected.
      const piped = pipeline(stream, child.stdin).catch((e: unknown) => e);
      let code: number | null;
      try {
        code = await exited;
      } catch (e) {
        stream.destroy();
        return { status: 'error', reason: `clamscan could not start: ${(e as Error).message}` };
      }
      const pipeError = await piped;
      if (code === 0) {
        if (pipeError) return { status: 'error', reason: `stream failed: ${(pipeError as Error).message}` };
        return { status: 'clean' };
      }
      if (code === 1) return { status: 'infected', signature: parseSignature(stdout) ?? 'Unknown' };
      return {
        status: 'error',
        reason: `clamscan exited with ${code}: ${(stderr || stdout).trim().slice(0, 500)}`,
      };
    },
  };
}

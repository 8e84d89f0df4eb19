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
 * ClamAV's limits raised past the largest upload (250 MB): by default clamscan skips, and reports
 * clean, any file over 100 MB (and stops scanning a container after 400 MB of content). With
 * `--alert-exceeds-max` whatever still exceeds a limit (size, archive recursion, file count) is
 * reported as Heuristics.Limits.Exceeded.* rather than passed: a scan failure (AV_SCAN_FAILED), not a clean file.
 */
export const CLAMSCAN_LIMITS = [
  '--max-filesize=300M',
  '--max-scansize=300M',
  '--alert-exceeds-max=yes',
] as const;

/** A "signature" that says the scan stopped at a limit, not that it found anything. */
export const isLimitExceeded = (signature: string): boolean =>
  signature.startsWith('Heuristics.Limits.Exceeded');

/**
 * ClamAV through the `clamscan` CLI: `clamscan --no-summary --stdout <limits> -d <db> -`, the object
 * piped to its stdin. Exit 0 clean, 1 infected (signature from stdout) unless the scan only hit a
 * limit (an error), anything else an error.
 */
export function clamscanScanner(options: { clamscanPath?: string; databaseDir?: string } = {}): Scanner {
  return {
    async scan(stream) {
      const bin = options.clamscanPath ?? (process.env.CLAMSCAN_PATH || 'clamscan');
      const db = options.databaseDir ?? process.env.CLAMAV_DB_DIR;
      const args = ['--no-summary', '--stdout', ...CLAMSCAN_LIMITS, ...(db ? ['-d', db] : []), '-'];
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
      if (code === 1) {
        const signature = parseSignature(stdout) ?? 'Unknown';
        if (isLimitExceeded(signature)) return { status: 'error', reason: `scan incomplete: ${signature}` };
        return { status: 'infected', signature };
      }
      return {
        status: 'error',
        reason: `clamscan exited with ${code}: ${(stderr || stdout).trim().slice(0, 500)}`,
      };
    },
  };
}

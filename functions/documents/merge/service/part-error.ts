/**
 * A part that cannot be merged (unreadable as a PDF): its index and why. Apart from ./pdf.ts, so the
 * merge service names it without loading pdf-lib, which it loads on first merge (docs/performance.md).
 */
export class MergePartError extends Error {
  constructor(
    readonly index: number,
    reason: string,
  ) {
    super(`Part ${index + 1} cannot be merged: ${reason}`);
    this.name = 'MergePartError';
  }
}

/**
 * The merge worker (docs/documents.md "Merge"): its own Lambda, invoked asynchronously by the
 * `documents.merge` consumer with one MergeJob, so a long merge never holds the table stream. It
 * merges the container while its status is InProgress (`mergeContainer`: a replayed or repeated job
 * finds it Merged or Error and skips). A part's own fault ends in Error; S3 and table errors throw,
 * and Lambda retries the invocation (twice), then sends it to the worker's on-failure queue (AWS;
 * locally infra/local/lambda.ts does the same with a dead-letter file). Env: TABLE_NAME,
 * UPLOADS_BUCKET.
 */
import { portalHandler } from '../../platform/observability/tracer.js';
import { MergeJob } from '../../../shared/schemas/documents-merge.js';
import { logger } from '../../platform/logger.js';
import { mergeServiceOnAws } from './ports.js';
import type { MergeOutcome, MergeService } from './service/merge.js';

let service: MergeService | undefined;
let beforeMerge: ((job: MergeJob) => Promise<void>) | undefined;

/**
 * Test-only seam: `hold` runs before each merge (a test makes a merge slow with it, to show that
 * the event stream goes on meanwhile); undefined removes it.
 */
export function setMergeDelay(hold: ((job: MergeJob) => Promise<void>) | undefined): void {
  beforeMerge = hold;
}

export async function mergeWorker(event: unknown): Promise<MergeOutcome> {
  const parsed = MergeJob.safeParse(event);
  if (!parsed.success) {
    // Not a job: nothing to retry. Logged and dropped.
    logger.error('documents: merge job refused', { issues: parsed.error.issues });
    return { outcome: 'Skipped', reason: 'not a merge job' };
  }
  const job = parsed.data;
  await beforeMerge?.(job);
  service ??= mergeServiceOnAws();
  const result = await service.mergeContainer(job.applicationId, job.documentContainerId);
  logger.info('documents: container merge', { ...job, ...result });
  return result;
}

export const handler = portalHandler(mergeWorker);

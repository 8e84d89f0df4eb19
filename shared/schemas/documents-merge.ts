/**
 * The merge job (docs/documents.md "Merge"): what the `documents.merge` consumer
 * hands to the merge worker (functions/documents/merge/worker.ts), parsed there before anything
 * runs.
 */
import * as z from 'zod';

export const MergeJob = z.strictObject({
  applicationId: z.string().min(1).max(200),
  documentContainerId: z.string().min(1).max(200),
});
export type MergeJob = z.infer<typeof MergeJob>;

import * as z from 'zod';

/** GET /public/health. */
export const HealthDto = z.object({
  status: z.literal('ok'),
  /** ISO 8601 time of the check. */
  time: z.string(),
});
export type HealthDto = z.infer<typeof HealthDto>;

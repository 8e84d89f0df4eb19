/** Qualifications on participants and contacts (docs/participants.md). */
import * as z from 'zod';

/** A qualification as the dialog sends it; the rules needing the types run in the service. */
export const QualificationInput = z.object({
  qualificationName: z.string().trim().min(1, 'Required').max(64),
  licensingClasses: z.array(z.string().trim().min(1).max(64)).max(30).default([]),
  otherQualificationType: z.string().trim().max(200).optional(),
  qualificationNumber: z.string().trim().max(64).optional(),
});
export type QualificationInput = z.input<typeof QualificationInput>;

/** A register warning on a qualification (docs/participants.md). */
export const QualificationWarning = z.object({ label: z.string(), warning: z.string() });

export const Qualification = z.object({
  qualificationName: z.string(),
  licensingClasses: z.array(z.string()).default([]),
  otherQualificationType: z.string().optional(),
  qualificationNumber: z.string().optional(),
  warnings: z.array(QualificationWarning).default([]),
});
export type Qualification = z.infer<typeof Qualification>;

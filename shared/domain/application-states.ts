/**
 * Application statuses and record types (docs/applications.md), as plain lists in a module that
 * imports nothing: shared/schemas/applications.ts makes them enums, shared/domain/applications.ts
 * re-exports them, and the table's entities (functions/platform/data) use them without loading zod.
 */
export const applicationStatuses = [
  'Archived',
  'Completed',
  'Draft',
  'InProgress',
  'Refused',
  'Rejected',
  'Lapsed',
  'Submitted',
  'Submitting',
  'VRFISuspended',
  'Withdrawn',
  'Unknown',
] as const;
export const recordTypes = ['Draft', 'Consent', 'Template'] as const;

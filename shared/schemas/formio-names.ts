import * as z from 'zod';

/**
 * The names of the Form.io definitions the Formio steps point at (each a file
 * shared/reference/formio/<name>.json): one list, which the reference data's steps and the
 * definitions' schema both use.
 */
export const formioNames = [
  'bc-project',
  'bc-building-code',
  'bc-compliance-schedule',
  'ccc-application',
  'eot-application',
  'amendment-details',
  'cpu-application',
] as const;
export const FormioName = z.enum(formioNames);
export type FormioName = z.infer<typeof FormioName>;

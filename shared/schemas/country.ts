import * as z from 'zod';

/** Country (docs/reference-data.md): id, name, abbreviatedName, phoneCountryCode. */
export const Country = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1),
  /** ISO 3166-1 alpha-2. */
  abbreviatedName: z.string().regex(/^[A-Z]{2}$/),
  /** With the leading '+', e.g. '+64'. */
  phoneCountryCode: z.string().regex(/^\+\d{1,4}$/),
});
export type Country = z.infer<typeof Country>;

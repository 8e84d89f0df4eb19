import * as z from 'zod';
import { DEFAULT_COUNTRY, isValidPostcode, messages } from '../domain/validation.js';

/** Application access levels (docs/architecture.md). */
export const AccessLevel = z.enum(['Unassigned', 'None', 'ReadOnly', 'Edit', 'Manage']);
export type AccessLevel = z.infer<typeof AccessLevel>;

/** Per-application notification (subscription) level. */
export const NotificationLevel = z.enum(['Watching', 'Normal', 'Muted']);
export type NotificationLevel = z.infer<typeof NotificationLevel>;

/** Organisation member role; an unknown stored value reads as Normal (see shared/domain/user.ts). */
export const OrganisationRole = z.enum(['Admin', 'Normal']);
export type OrganisationRole = z.infer<typeof OrganisationRole>;

/** Address (docs/architecture.md). `fullAddress` is built from the parts when absent (shared/domain/address.ts). */
export const Address = z.object({
  address1: z.string().optional(),
  address2: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  country: z.string().optional(),
  zipCode: z.string().optional(),
  fullAddress: z.string().optional(),
  isManualAddress: z.boolean().optional(),
  latitude: z.number().optional(),
  longitude: z.number().optional(),
});
export type Address = z.infer<typeof Address>;

/**
 * For addresses people send: a New Zealand postcode is 4 digits (NZ Post), as the web's address
 * forms check; another country's code is not checked. Stored addresses are read without it.
 */
export function checkPostcode(a: { zipCode?: string; country?: string }, ctx: z.RefinementCtx): void {
  const code = a.zipCode?.trim();
  if (code && !isValidPostcode(code, a.country?.trim() || DEFAULT_COUNTRY))
    ctx.addIssue({ code: 'custom', path: ['zipCode'], message: messages.postcode });
}

/**
 * A non-empty path identifier of at most 256 characters: ids become key parts, and DynamoDB refuses
 * a key over 2048 bytes with an error (a 500) where the caller deserves a 400.
 */
export const MAX_ID_LENGTH = 256;
export const Id = z.string().trim().min(1, 'Required').max(MAX_ID_LENGTH);

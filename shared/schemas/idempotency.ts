import * as z from 'zod';
import { messages } from '../domain/validation.js';

/**
 * Idempotency keys of writes (docs/council-api.md §3): the header every council write needs; the
 * plumbing (functions/platform/http/idempotency.ts) parses it. Apart from shared/schemas/council.ts
 * so every Lambda's plumbing bundles only this.
 */

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key must be 1 to 255 visible ASCII characters';
/** Every council write carries one (a UUID recommended); the same key replays the stored answer. */
export const IdempotencyKey = z
  .string({ error: messages.required })
  .regex(/^[\x21-\x7e]{1,255}$/, IDEMPOTENCY_KEY_MESSAGE);

/** Set on an answer replayed from an earlier call with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

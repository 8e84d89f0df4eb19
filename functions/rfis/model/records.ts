/**
 * An RFI point as stored and one RFI transaction's parts, as the service builds them and the
 * repository writes them (docs/rfis.md): types only, so the repository never imports a service.
 */
import type { EntityItem } from 'electrodb';
import type { ApplicationRecord } from '../../platform/access.js';
import type { LodgedApplicationPatch } from '../../platform/data/application-change.js';
import type { rfiPoint } from '../../platform/data/entities/application.js';
import type { Idempotency } from '../../platform/idempotency.js';

type Stored = EntityItem<typeof rfiPoint>;
/** An RFI point as stored (functions/platform/data/entities/application.ts); timestamps the table's. */
export type RfiPointRecord = Omit<Stored, 'createdAt' | 'updatedAt'> &
  Partial<Pick<Stored, 'createdAt' | 'updatedAt'>>;

/** One RFI transaction's parts (the repository runs them as one, or not at all). */
export interface RfiChange {
  application: ApplicationRecord;
  /** What the change sets on the application (flags, status, clock); empty: the application is untouched. */
  patch: LodgedApplicationPatch;
  action: 'RfiRoundRaised' | 'RfiRoundSubmitted' | 'RfiPointSignedOff';
  source: 'council' | 'user';
  actor: string;
  now: Date;
  /** New points (created once). */
  create?: RfiPointRecord[];
  /** Points changed, each on condition that it is still in the state it was read in. */
  update?: { before: RfiPointRecord; set: Partial<RfiPointRecord> }[];
  /** The round named by the event. */
  round: { type: string; team: string; round: number; rfiPointIds: string[] };
  /** The council's idempotency item and its answer. */
  idempotency?: { idempotency: Idempotency; answer: unknown; statusCode?: number };
}

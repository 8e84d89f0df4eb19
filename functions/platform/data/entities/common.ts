/** Shared pieces of the entity schemas. */
export const SERVICE = 'portal';
export const VERSION = '1';

export const model = <E extends string>(entity: E) =>
  ({ entity, service: SERVICE, version: VERSION }) as const;

const nowIso = () => new Date().toISOString();

/** createdAt / updatedAt, ISO 8601, maintained by ElectroDB. */
export const timestamps = {
  createdAt: { type: 'string', readOnly: true, required: true, default: nowIso, set: () => nowIso() },
  updatedAt: { type: 'string', required: true, watch: '*', default: nowIso, set: () => nowIso() },
} as const;

/** Address map (docs/architecture.md). */
export const addressAttribute = {
  type: 'map',
  properties: {
    address1: { type: 'string' },
    address2: { type: 'string' },
    city: { type: 'string' },
    state: { type: 'string' },
    country: { type: 'string' },
    zipCode: { type: 'string' },
    fullAddress: { type: 'string' },
    isManualAddress: { type: 'boolean' },
    latitude: { type: 'number' },
    longitude: { type: 'number' },
  },
} as const;

export const accessLevels = ['Unassigned', 'None', 'ReadOnly', 'Edit', 'Manage'] as const;
export const notificationLevels = ['Watching', 'Normal', 'Muted'] as const;
export const qualificationsAttribute = {
  type: 'list',
  items: {
    type: 'map',
    properties: {
      qualificationName: { type: 'string' },
      licensingClasses: { type: 'list', items: { type: 'string' } },
      otherQualificationType: { type: 'string' },
      qualificationNumber: { type: 'string' },
      /** The LBP register's warnings when it was saved (docs/architecture.md). */
      warnings: {
        type: 'list',
        items: { type: 'map', properties: { label: { type: 'string' }, warning: { type: 'string' } } },
      },
    },
  },
} as const;

import { Entity } from 'electrodb';
import { model, timestamps } from './common.js';

/**
 * A council's machine credentials (docs/council-api.md §1): the Cognito app client of the council
 * pool that acts for one building consent authority. Written by the operator's `onboard` command,
 * read (consistently) by the access policy on every council call, so setting `status` Revoked takes
 * effect at the next call whatever token it carries. The authority's `serviceable` follows it: an
 * authority accepts applications only while it has an Active client.
 */
export const councilClient = new Entity({
  model: model('councilClient'),
  attributes: {
    clientId: { type: 'string', required: true, readOnly: true },
    authorityId: { type: 'string', required: true, readOnly: true },
    status: { type: ['Active', 'Revoked'] as const, required: true, default: 'Active' },
    onboardedAt: { type: 'string', required: true },
    revokedAt: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byClient: {
      pk: { field: 'pk', casing: 'none', composite: ['clientId'] },
      sk: { field: 'sk', casing: 'none', composite: [] },
    },
    /** An authority's clients (the operator's commands, the authority's `serviceable`). */
    byAuthority: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', casing: 'none', composite: ['authorityId'] },
      sk: { field: 'gsi1sk', casing: 'none', composite: ['onboardedAt', 'clientId'] },
    },
  },
});

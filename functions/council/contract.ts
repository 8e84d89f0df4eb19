import { defineContract } from '../platform/http/handler.js';
import { invitationsContract } from './invitations/contract.js';

/** The council feature's routes (docs/council-api.md): each Lambda's part in its own module. */
export const contract = defineContract('council', {
  ...invitationsContract,
});

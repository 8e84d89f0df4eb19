import { contract as declared } from '../../shared/contracts/contacts.js';
import { defineContract } from '../platform/http/handler.js';

/** The feature's HTTP contract (shared/contracts/contacts.ts, which the web reads too), checked against the route table. */
export const contract = defineContract('contacts', declared);

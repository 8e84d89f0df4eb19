import { contract as declared } from '../../shared/contracts/accounts.js';
import { defineContract } from '../platform/http/handler.js';

/** The feature's HTTP contract (shared/contracts/accounts.ts, which the web reads too), checked against the route table. */
export const contract = defineContract('accounts', declared);

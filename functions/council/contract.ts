import { contract as declared } from '../../shared/contracts/council.js';
import { defineContract } from '../platform/http/handler.js';

/** The feature's HTTP contract (shared/contracts/council.ts, which the web reads too), checked against the route table. */
export const contract = defineContract('council', declared);

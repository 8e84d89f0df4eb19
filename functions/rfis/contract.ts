import { contract as declared } from '../../shared/contracts/rfis.js';
import { defineContract } from '../platform/http/handler.js';

/** The feature's HTTP contract (shared/contracts/rfis.ts, which the web reads too), checked against the route table. */
export const contract = defineContract('rfis', declared);

import { contract as declared } from '../../shared/contracts/site.js';
import { defineContract } from '../platform/http/handler.js';

/** The feature's HTTP contract (shared/contracts/site.ts, which the web reads too), checked against the route table. */
export const contract = defineContract('site', declared);

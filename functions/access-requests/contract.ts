import { contract as declared } from '../../shared/contracts/access-requests.js';
import { defineContract } from '../platform/http/handler.js';

/** The feature's HTTP contract (shared/contracts/access-requests.ts, which the web reads too), checked against the route table. */
export const contract = defineContract('access-requests', declared);

import { contract as declared } from '../../shared/contracts/applications.js';
import { defineContract } from '../platform/http/handler.js';

/** The feature's HTTP contract (shared/contracts/applications.ts, which the web reads too), checked against the route table. */
export const contract = defineContract('applications', declared);

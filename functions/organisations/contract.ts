import { contract as declared } from '../../shared/contracts/organisations.js';
import { defineContract } from '../platform/http/handler.js';

/** The feature's HTTP contract (shared/contracts/organisations.ts, which the web reads too), checked against the route table. */
export const contract = defineContract('organisations', declared);

import { contract as declared } from '../../shared/contracts/notifications.js';
import { defineContract } from '../platform/http/handler.js';

/** The feature's HTTP contract (shared/contracts/notifications.ts, which the web reads too), checked against the route table. */
export const contract = defineContract('notifications', declared);

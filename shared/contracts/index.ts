import { contract as accessRequests } from './access-requests.js';
import { contract as accounts } from './accounts.js';
import { contract as applications } from './applications.js';
import { contract as contacts } from './contacts.js';
import { contract as council } from './council.js';
import { contract as documents } from './documents.js';
import { contract as lookups } from './lookups.js';
import { contract as notifications } from './notifications.js';
import { contract as organisations } from './organisations.js';
import { contract as participants } from './participants.js';
import { contract as payments } from './payments.js';
import { contract as reference } from './reference.js';
import { contract as rfis } from './rfis.js';
import { contract as site } from './site.js';

/**
 * Every route's schemas by route key, all features in one map: the web's typed call
 * (web/src/api/call.ts) reads its type only; development builds and tests import it to parse each
 * answer (web/src/api/response-check.ts). The functions import their own feature's file.
 */
export const apiContract = {
  ...site,
  ...accounts,
  ...reference,
  ...lookups,
  ...applications,
  ...participants,
  ...documents,
  ...contacts,
  ...organisations,
  ...accessRequests,
  ...rfis,
  ...payments,
  ...notifications,
  ...council,
};

/** The whole API's contract: route key → its schemas. */
export type ApiContract = typeof apiContract;
/** A route key of the API, e.g. `'GET /user/applications/{id}'`. */
export type ApiRouteKey = keyof ApiContract & string;

import type { Feature } from './routes.js';
import type { RouteSchemas } from './platform/http/handler.js';
import { contract as accessRequests } from './access-requests/contract.js';
import { contract as accounts } from './accounts/contract.js';
import { contract as applications } from './applications/contract.js';
import { contract as contacts } from './contacts/contract.js';
import { contract as council } from './council/contract.js';
import { contract as documents } from './documents/contract.js';
import { contract as lookups } from './lookups/contract.js';
import { contract as notifications } from './notifications/contract.js';
import { contract as organisations } from './organisations/contract.js';
import { contract as participants } from './participants/contract.js';
import { contract as payments } from './payments/contract.js';
import { contract as reference } from './reference/contract.js';
import { contract as rfis } from './rfis/contract.js';
import { contract as site } from './site/contract.js';

/**
 * Every feature's contract, for the OpenAPI document (functions/platform/http/openapi.ts). Handlers
 * import only their own feature's contract; this module is for the document and its tests.
 */
export const contracts: Partial<Record<Feature, Readonly<Record<string, RouteSchemas>>>> = {
  site,
  accounts,
  reference,
  lookups,
  applications,
  participants,
  documents,
  contacts,
  organisations,
  'access-requests': accessRequests,
  rfis,
  payments,
  notifications,
  council,
};

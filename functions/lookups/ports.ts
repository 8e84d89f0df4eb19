import { lookupAdapters } from '../platform/adapters/lookups/index.js';
import { lookupsService } from './service.js';

/** The lookups service on the NZ Post, parcel and LBP adapters (functions/platform/adapters/lookups). */
export const lookupsOnAdapters = () => lookupsService(lookupAdapters);

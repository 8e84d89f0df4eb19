/**
 * The applications feature's public face (docs/architecture.md "Public faces"): what another feature
 * may use of it — an application's DTO and the search normalisation its lists use.
 */
export { normaliseSearch } from './model/list-row.js';
export { toApplicationDto } from './service/dto.js';

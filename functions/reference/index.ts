/**
 * The reference feature's public face (docs/architecture.md "Public faces"): what another feature may
 * use of it — the reference data, its catalogue, the authority of an address, the form reference,
 * which authorities serve whom, and the demo-data switches.
 */
export { catalogue } from './catalogue.js';
export { referenceData, type ReferenceData } from './data.js';
export { demoDataMode, withoutPlaceholderAccounts } from './demo-data.js';
export { detectAuthorityOfAddress } from './detection.js';
export { formReference, type FormReference } from './form-reference.js';
export { independentAuthoritiesOf, isServiceable, type IndependentAuthorityDto } from './service.js';

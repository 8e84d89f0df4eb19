/**
 * The council feature's public face (docs/architecture.md "Public faces"): what another feature may
 * use of it. A change that councils hear of adds the council's feed entry to its own transaction.
 */
export { councilFeedItems } from './lodgement.js';

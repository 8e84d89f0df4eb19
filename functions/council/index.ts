/**
 * The council feature's public face (docs/architecture.md "Public faces"): what another feature may
 * use of it. A change that councils hear of adds the council's feed entry to its own transaction; a
 * submission adds the lodgement item with it.
 */
export { councilFeedItems, lodgementItems } from './lodgement.js';

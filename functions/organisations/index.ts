/**
 * The organisations feature's public face (docs/architecture.md "Public faces"): what another
 * feature may use of it. Its domain events (the catalogue's types), for a feature that writes one
 * in its own transaction: accounts, when an invitation's registration link is used.
 */
import './events.js';

export {};

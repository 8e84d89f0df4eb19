/**
 * The contacts feature's public face (docs/architecture.md "Public faces"): moving a contact library
 * from one owner to another (an organisation merge).
 */
export { moveLibrary } from './library.js';

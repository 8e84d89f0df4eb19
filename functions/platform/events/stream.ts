import { createStreamHandler } from './stream-handler.js';
import { consumers as registered } from './registry.js';

export { createStreamHandler } from './stream-handler.js';

/** The event consumers' Lambda: every consumer of the registry (./registry.ts). */
export const handler = createStreamHandler(registered);

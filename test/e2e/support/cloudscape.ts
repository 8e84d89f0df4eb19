import * as selectorsModule from '@cloudscape-design/components/test-utils/selectors';

type CreateWrapper = typeof selectorsModule.default;

// The selectors build is CommonJS: under ESM the factory may sit one `default` deeper.
const exported = selectorsModule.default as unknown as CreateWrapper | { default: CreateWrapper };
export const createWrapper: CreateWrapper = typeof exported === 'function' ? exported : exported.default;

/** Root of the Cloudscape test-utils selectors (each `.toSelector()` is a CSS selector). */
export const cloudscape = createWrapper();

/**
 * fetch-ponyfill in the Lambda bundles (esbuild `alias`, infra/constructs/portal-function.ts
 * `bundleAliases`): Node's own fetch. @formio/core's SDK asks fetch-ponyfill for a fetch at load,
 * whose Node build is node-fetch 2 → whatwg-url → tr46 (≈ 260 KB minified of URL parsing and
 * Unicode tables, docs/performance.md); the server only validates with Form.io and never fetches.
 */
module.exports = function fetchPonyfill() {
  return {
    fetch: globalThis.fetch,
    Headers: globalThis.Headers,
    Request: globalThis.Request,
    Response: globalThis.Response,
  };
};

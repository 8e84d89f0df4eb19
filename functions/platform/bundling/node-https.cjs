/** Node's `https` for the Lambda bundles, as CommonJS: no ESM namespace to build at init (./node-http.cjs, docs/performance.md). */
module.exports = process.getBuiltinModule('node:https');

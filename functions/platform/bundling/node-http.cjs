/**
 * Node's `http` module for the Lambda bundles, reached as CommonJS (docs/performance.md "Module init").
 * The bundles are ESM, and an ESM import of a built-in makes Node build its module namespace, reading
 * every export: `http`'s lazy WebSocket, CloseEvent and MessageEvent getters then load undici, about
 * 40 ms of every cold start for a client the functions never use. esbuild maps `http` and `node:http`
 * here (infra/constructs/portal-function.ts `builtinAliases`); process.getBuiltinModule (Node 22) is
 * not an import, so the alias does not apply to it.
 */
module.exports = process.getBuiltinModule('node:http');

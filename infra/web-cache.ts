/**
 * Browser caching of the SPA, the same behind CloudFront (infra/stacks/web-stack.ts) and on the
 * local stand-in (infra/local/web-static.ts): Vite's hashed files under /assets/ never change, so
 * browsers keep them a year; index.html, /config.json and the other unhashed files are revalidated
 * on every use (ETag), so a deploy reaches the next page load.
 */
export const ASSETS_PATH_PATTERN = '/assets/*';
export const ASSETS_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE_CONTROL = 'no-cache';

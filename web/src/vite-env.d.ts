/// <reference types="vite/client" />

/** en.json as a module of its own (web/src/i18n/strings.ts). */
declare module '*.json?all' {
  const value: unknown;
  export default value;
}

/** The account pages' strings of en.json, a module of their own (web/src/i18n/account-pages.ts). */
declare module '*.json?accountPages' {
  export const accountPages: (typeof import('./i18n/en.json'))['accountPages'];
}

/// <reference types="vite/client" />

/** en.json as a module of its own (web/src/i18n/strings.ts). */
declare module '*.json?all' {
  const value: unknown;
  export default value;
}

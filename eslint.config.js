import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { readdirSync, statSync } from 'node:fs';
import webLayers from './web/layers.json' with { type: 'json' };

/**
 * Layer boundaries (docs/architecture.md), as `no-restricted-imports` zones: the web and shared never
 * import functions/ or infra/; shared imports nothing outside itself; a feature's rules (service,
 * repository) never import the HTTP layer; a feature never reaches into another feature's repository
 * (it calls the other's service) nor into any of its internals (it imports the other's index.ts); a
 * repository never imports a service.
 */
const featureDirs = readdirSync(new URL('./functions/', import.meta.url)).filter(
  (d) => d !== 'platform' && statSync(new URL(`./functions/${d}`, import.meta.url)).isDirectory(),
);
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const noHttp = {
  group: ['**/platform/http/**'],
  message: 'Services and repositories do not know HTTP: throw domain errors (functions/platform/errors.ts).',
};
// A feature's rules, whatever the file is called: service/ and repository/ folders, service.ts,
// repository.ts, repository-*.ts, and those of a sub-feature (council/invitations/repository.ts).
const rulesOf = (feature) => [
  `functions/${feature}/**/service/**/*.ts`,
  `functions/${feature}/**/service.ts`,
  `functions/${feature}/**/repository/**/*.ts`,
  `functions/${feature}/**/repository.ts`,
  `functions/${feature}/**/repository-*.ts`,
];
const repositoriesOf = (feature) => rulesOf(feature).filter((glob) => glob.includes('repository'));
const otherRepositories = (feature) => ({
  group: featureDirs
    .filter((other) => other !== feature)
    .flatMap((other) => [`**/${other}/repository`, `**/${other}/repository.js`, `**/${other}/repository/**`]),
  message: "A feature never reaches into another feature's repository: call that feature's service.",
});
/**
 * Features meet only through each other's public face, functions/<feature>/index.ts, and the domain
 * events they publish, functions/<feature>/events.ts (its types: the contract a consumer reads). Any
 * other file of another feature is its internals, whatever it is called (shared/ is not a feature).
 */
const otherInternals = (feature) => ({
  group: [
    ...featureDirs
      .filter((other) => other !== feature)
      .flatMap((other) => [`**/${other}/**`, `!**/${other}/index.js`, `!**/${other}/events.js`]),
    '!**/shared/**',
  ],
  message: 'A feature imports another feature only through its public face (functions/<feature>/index.ts).',
});
/**
 * Layers point one way: a repository never imports a service, not even a type (pure rules and the
 * record and change types both use go in model/).
 */
const noService = {
  group: ['**/service/**', '**/service', '**/service.js', '!**/platform/data/service.js'],
  message: "A repository never imports a service: move what both need into the feature's model/.",
};
/**
 * The council feature has no face: a change councils hear of ends its transaction with the platform's
 * council-feed helper (functions/platform/events/council-feed.ts), so no other feature imports
 * anything of council/, not even an index.
 */
const noCouncil = {
  group: ['**/council/**', '**/council', '!**/shared/**'],
  message:
    'No feature imports the council feature: the council feed is functions/platform/events/council-feed.ts.',
};
const crossFeature = (feature) => [
  otherRepositories(feature),
  otherInternals(feature),
  ...(feature === 'council' ? [] : [noCouncil]),
];
// Flat config: the last block that sets a rule for a file wins, so each block lists all its patterns.
const webOnly = {
  group: ['**/functions/**', '**/infra/**', '**/bin/**'],
  message: 'The web imports only web/ and shared/.',
};
/**
 * The web's layers, bottom to top (web/layers.json: folders of web/src, and its entries): a file
 * never imports a higher layer. test/unit/lint/web-layers.test.ts checks the same on the whole graph.
 */
const webFilesOf = (names) =>
  names.map((n) => (/\.tsx?$/.test(n) ? `web/src/${n}` : `web/src/${n}/**/*.{ts,tsx}`));
// A relative specifier that climbs into one of `names` (folders, or the entries without extension).
const webSpecifiersOf = (names) =>
  `^(\\./|(\\.\\./)+)(${names.map((n) => n.replace(/\.tsx?$/, '')).join('|')})(/|\\.js$|$)`;
const webLayerZones = webLayers.slice(0, -1).map((names, i) => ({
  files: webFilesOf(names),
  rules: restrict([
    webOnly,
    {
      regex: webSpecifiersOf(webLayers.slice(i + 1).flat()),
      message: `web/src layers point down (${webLayers.map((l) => l[0]).join(' → ')}): ${names[0]} never imports a higher layer (docs/architecture.md, "The web's layers").`,
    },
  ]),
}));
const boundaries = [
  { files: ['web/**/*.{ts,tsx}'], rules: restrict([webOnly]) },
  ...webLayerZones,
  {
    files: ['shared/**/*.ts'],
    rules: restrict([
      {
        group: ['**/functions/**', '**/infra/**', '**/web/**', '**/bin/**', '**/test/**'],
        message: 'shared/ is pure code both sides run: it imports nothing outside itself.',
      },
    ]),
  },
  ...featureDirs.flatMap((feature) => [
    { files: [`functions/${feature}/**/*.ts`], rules: restrict(crossFeature(feature)) },
    { files: rulesOf(feature), rules: restrict([...crossFeature(feature), noHttp]) },
    { files: repositoriesOf(feature), rules: restrict([...crossFeature(feature), noHttp, noService]) },
  ]),
  {
    files: ['functions/platform/**/*.ts'],
    rules: restrict([
      {
        group: featureDirs.flatMap((f) => [`**/${f}/**`, `../${f}/**`]),
        message: 'The platform serves every feature and imports none.',
      },
    ]),
  },
  {
    // The consumers' composition root (like functions/routes.ts): a feature's consumers.ts only.
    files: ['functions/platform/events/registry.ts'],
    rules: restrict([
      {
        group: featureDirs.flatMap((f) => [`**/${f}/**`, `../${f}/**`, `!**/${f}/consumers.js`]),
        message: "The registry imports the features' consumers.ts and nothing else of theirs.",
      },
    ]),
  },
  {
    files: ['functions/platform/data/**/*.ts', 'functions/platform/adapters/**/*.ts'],
    rules: restrict([
      {
        group: featureDirs.flatMap((f) => [`**/${f}/**`, `../${f}/**`]),
        message: 'The platform serves every feature and imports none.',
      },
      noHttp,
    ]),
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'cdk.out/**',
      'web/dist/**',
      // Every stack's data folder (.local, .local-test, a shard's .local-test-2, .local-bench…).
      '.local*/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      // Generated by `npm run openapi` (openapi-typescript, then prettier); a unit test compares it
      // with the generator's output (test/unit/functions/platform/http/openapi-lint.test.ts).
      'infra/council/api-types.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='only']", message: 'No .only in tests.' },
        { selector: "CallExpression[callee.property.name='skip']", message: 'No .skip in tests.' },
        {
          // The named import keeps every zod locale and the JSON Schema code in a bundle (~350 KB).
          selector:
            "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z'][importKind!='type']",
          message: "Use `import * as z from 'zod'` (docs/performance.md).",
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  ...boundaries,
);

// Lint for the whole workspace: TypeScript-aware rules for services, frontend, e2e, infra and
// the gateway's tooling; React's hooks rules and one-way import zones for the frontend.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./frontend/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The API contracts reach the SPA as types only: their zod schemas stay out of the bundle. The
 * modules without zod (frontend/vite.config.ts CONTRACT_VALUES) are imported by their own names.
 */
const typesOnly = {
  regex: '^@fm/contracts(?!/(clubs|course-card)$)',
  message: 'Import the API contracts with `import type`: the schemas (and zod) stay on the server.',
  allowTypeImports: true,
};

/** The SPA shares the contracts with the services, never the kit (server code). */
const kitNotInBrowser = { regex: '^@fm/shared(/|$)', message: 'The browser imports @fm/contracts, never the kit.' };

/**
 * The frontend's one-way imports (bulletproof-react): app → features → shared code
 * (components, lib, config). A feature never imports another feature or the app; shared code
 * imports neither. Types may cross (e.g. the store's RootState).
 */
const importZones = (banned, message) => ({
  'no-restricted-imports': [
    'error',
    { patterns: [{ group: banned, message, allowTypeImports: true }, typesOnly, kitNotInBrowser] },
  ],
});

/**
 * A service imports the kit by its areas (`@fm/shared/<area>`, services/shared/README.md), never
 * the root `@fm/shared` (there is none) nor its files: not `@fm/shared/src/…` (or dist, or a file
 * under an area), not a relative path into services/shared.
 */
const kitByArea = {
  regex: '^(@fm/shared$|@fm/shared/(src|dist)(/|$)|@fm/shared/[^/]+/|(\\.\\./)+(services/)?shared(/|$))',
  message:
    'Import the kit by area (@fm/shared/http, /store, /queues, /mail, /auth, /service, /testing, /pdf), not its root or files; the contracts from @fm/contracts.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '**/coverage/**',
      '.data/**',
      '.cache/**',
      'media/**',
      'artifacts/**',
      '**/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: globals.node },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['warn', { fixStyle: 'inline-type-imports' }],
      'no-console': ['warn', { allow: ['warn', 'error'] }],
      // Explicit imports of Node's globals (Buffer, fetch…) are fine.
      'no-redeclare': ['error', { builtinGlobals: false }],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    ignores: ['frontend/**'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The kit's files stay behind its areas, in a service's code, tests and benches alike, and in
    // the tools beside the services (resilience, infra, the gateway's, the browser journeys).
    files: [
      'services/{auth,content,courses,contact,billing,practice}/**/*.{ts,js}',
      '{resilience,infra,gateway,e2e,perf}/**/*.{ts,js,mjs,cjs}',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [kitByArea] }] },
  },
  {
    // Services never import each other's src: they talk over HTTP or queues. (One rule config per
    // file: a later block replaces the earlier one's patterns, so the kit's rule is repeated here.)
    files: ['services/*/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            kitByArea,
            {
              group: [
                '../../*/src/*',
                '../../../*/src/*',
                '@fm/auth*',
                '@fm/content*',
                '@fm/courses*',
                '@fm/contact*',
                '@fm/billing*',
                '@fm/practice*',
              ],
              message: 'Services talk over HTTP or queues, not imports.',
            },
          ],
        },
      ],
    },
  },
  {
    // No import cycles in the services and their kit (issue 45 §3); @fm/* resolve to their src
    // (tsconfig.check.json's paths), so a cycle across packages counts too.
    files: ['services/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: fileURLToPath(new URL('./tsconfig.check.json', import.meta.url)) }),
      ],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    // No source file over 400 lines (issue 45 §3): one that grows past it splits by what it does.
    // Tests, their fixtures and the browser journeys are exempt (a scenario reads best whole).
    files: ['**/*.{js,cjs,mjs,ts,tsx}'],
    ignores: [
      '**/*.test.*',
      '**/__tests__/**',
      '**/test/**',
      '**/testing/**',
      'e2e/journeys/**',
      'resilience/scenarios/**',
    ],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    // Command-line tools print their results.
    files: ['**/scripts/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [typesOnly, kitNotInBrowser] }],
    },
  },
  {
    files: ['frontend/src/{components,lib,config}/**/*.{ts,tsx}'],
    ignores: ['**/__tests__/**'],
    rules: importZones(['@/app/*', '@/features/*'], 'Shared code imports neither the app nor a feature.'),
  },
  ...features.map((feature) => ({
    files: [`frontend/src/features/${feature}/**/*.{ts,tsx}`],
    ignores: ['**/__tests__/**'],
    rules: importZones(
      ['@/app/*', '@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`],
      'A feature imports shared code, never the app or another feature (compose features in src/app).',
    ),
  })),
);

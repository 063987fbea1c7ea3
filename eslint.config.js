// ESLint: typescript-eslint, React hooks, and the import direction of STYLE.md
// (shared → client/lib → client/components → client/features → client/app; a feature never
// imports another, a route never another route; shared imports nothing from the apps).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ROOT = import.meta.dirname;
const folders = (dir) =>
  existsSync(path.join(ROOT, dir))
    ? readdirSync(path.join(ROOT, dir), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];
const FEATURES = folders('client/features');
const ENTRIES = ['client/main.tsx', 'client/entry-server.tsx'];

/** client/'s layers, as bulletproof-react draws them with import/no-restricted-paths. */
const CLIENT_ZONES = [
  {
    target: 'client/lib',
    from: ['client/components', 'client/features', 'client/app', ...ENTRIES],
    message: 'lib/ imports nothing from components/, features/ or app/.',
  },
  {
    target: 'client/components',
    from: ['client/features', 'client/app', ...ENTRIES],
    message: 'components/ hold generic UI: they import only lib/ and other components.',
  },
  ...FEATURES.map((feature) => ({
    target: `client/features/${feature}`,
    from: [
      'client/app',
      ...ENTRIES,
      ...FEATURES.filter((other) => other !== feature).map((other) => `client/features/${other}`),
    ],
    message:
      'A feature imports lib/, components/ and itself only: what two features need moves down to components/ or lib/.',
  })),
  ...FEATURES.flatMap((feature) =>
    folders(`client/features/${feature}/routes`).map((route) => ({
      target: `client/features/${feature}/routes/${route}`,
      from: `client/features/${feature}/routes`,
      except: [`./${route}`],
      message: "Routes never import other routes: move shared parts to the feature's components/ or hooks/.",
    })),
  ),
];

/**
 * bff/'s floors, from the bottom: the foundations (errors, bodies, logs, traces, the UAA client)
 * know no stage; documents/ know no gateway; the gateway and its guards (proxy/,
 * session/, rate-limit/) know no document, redirect or observer; and only the composition
 * (index.ts, main.ts, app.ts and the stages it orders, bff/stages/) reads the Config and wires the
 * parts, which take their options.
 */
const BFF_COMPOSITION = ['bff/index.ts', 'bff/main.ts', 'bff/app.ts', 'bff/config.ts', 'bff/stages'];
const BFF_FOUNDATIONS = [
  'bff/http-errors.ts',
  'bff/request-body.ts',
  'bff/redact.ts',
  'bff/compress.ts',
  'bff/links.ts',
  'bff/log.ts',
  'bff/tracing',
  'bff/upstream',
];
const BFF_STAGES = folders('bff')
  .map((folder) => `bff/${folder}`)
  .filter((folder) => !BFF_FOUNDATIONS.includes(folder) && !BFF_COMPOSITION.includes(folder));
const BFF_ZONES = [
  {
    target: ['bff/server.ts', 'bff/request-state.ts', ...BFF_FOUNDATIONS, ...BFF_STAGES],
    from: BFF_COMPOSITION,
    message:
      'Only index.ts, main.ts and app.ts read the Config and wire the stages: a stage takes its options.',
  },
  {
    target: BFF_FOUNDATIONS,
    from: BFF_STAGES,
    message: 'The foundations (errors, bodies, logs, traces, the UAA client) import no stage of the BFF.',
  },
  {
    target: 'bff/documents',
    from: BFF_STAGES.filter((stage) => !['bff/documents', 'bff/session'].includes(stage)),
    message:
      'The documents (documents/) import no gateway, redirect or observer: app.ts hands them what they need.',
  },
  {
    target: ['bff/proxy', 'bff/session', 'bff/rate-limit'],
    from: ['bff/documents', 'bff/redirect', 'bff/security-events', 'bff/metrics', 'bff/health', 'bff/dev'],
    message: 'The gateway and its guards import no document, redirect, event or metric: those observe them.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'tests/screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // React Compiler-only rules: this codebase does not use the compiler.
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/refs': 'off',
      'react-hooks/immutability': 'off',
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@client/*', '@bff/*', '@local-uaa/*', '**/client/**', '**/bff/**', '**/local-uaa/**'],
              message: 'shared/ imports nothing from client/, bff/ or local-uaa/.',
            },
            {
              group: ['react', 'react-dom', 'express', '@arco-design/*'],
              message: 'shared/ stays framework-free.',
            },
          ],
        },
      ],
    },
  },
  {
    // No import circles anywhere: each module's floor is below its importers'.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // import-x parses each imported module itself to follow its imports (no-cycle).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          tsconfig: { configFile: path.join(ROOT, 'tsconfig.json') },
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['bff/**/*.ts'],
    // A test wires what it tests with whatever it needs, as app.ts does.
    ignores: ['bff/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: BFF_ZONES }] },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: CLIENT_ZONES }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@bff/*', '@local-uaa/*', '**/bff/**', '**/local-uaa/**'],
              message: 'The client imports only client/ and shared/.',
            },
          ],
          paths: [
            {
              name: 'react-router-dom',
              importNames: ['Navigate'],
              message:
                '<Redirect> (client/lib/redirect.tsx): the server renderer then sends no page that goes elsewhere.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['client/lib/redirect.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['bff/**/*.ts'],
    ignores: ['bff/main.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@client/*', '**/client/**', '@local-uaa/*', '**/local-uaa/**'],
              message: 'The BFF talks to the UAA over HTTP; only main.ts embeds the local UAA.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['local-uaa/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@client/*', '**/client/**', '@bff/*', '**/bff/**'],
              message: 'The local UAA stands alone: it imports only shared/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);

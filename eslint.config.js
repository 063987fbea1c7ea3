// ESLint: typescript-eslint, React hooks, and the import direction of STYLE.md
// (shared → features → app; pages never import pages; shared imports nothing from the apps).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    files: ['client/pages/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../../pages/*', '../*/index', '../*/locale', '@client/pages/*', '../../../pages/*'],
              message: 'Pages never import other pages: move shared parts to components/ or hooks/.',
            },
            {
              group: ['@bff/*', '@local-uaa/*', '**/bff/**', '**/local-uaa/**'],
              message: 'The client imports only client/ and shared/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    ignores: ['client/pages/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@bff/*', '@local-uaa/*', '**/bff/**', '**/local-uaa/**'],
              message: 'The client imports only client/ and shared/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['bff/**/*.ts'],
    ignores: ['bff/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@client/*', '**/client/**', '@local-uaa/*', '**/local-uaa/**'],
              message: 'The BFF talks to the UAA over HTTP; only index.ts embeds the local UAA.',
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

// Lint: TypeScript strict rules, React hooks, and the architecture's import boundaries
// (shared -> lib, db, sync (infrastructure) -> entities -> features -> routes, shared components
// below features; features never import each other, entities neither; api imports only src/shared;
// src imports api for types only; process.env is read in api/env.ts alone).
import { readdirSync } from 'node:fs';

import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const subfolders = (folder) => {
  try {
    return readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
};
const features = subfolders('src/features');
// The nouns several features read (docs/decisions/0158-shared-nouns-in-src-entities.md).
const entities = subfolders('src/entities');

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      'src/routeTree.gen.ts',
      'test-results',
      'playwright-report',
      'bench/results.json',
      '.tmp',
      'dev-dist',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      // Imports are extensionless TypeScript paths ('../shared/money'); without a resolver that
      // knows .ts/.tsx, no-restricted-paths cannot resolve them and silently lets every import pass.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports', fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // One zod for browser and server: zod/mini's functions tree-shake, classic zod's methods do not
      // (docs/decisions/0157-schemas-in-zod-mini.md).
      'no-restricted-imports': [
        'error',
        {
          paths: ['zod', 'zod/v4', 'zod/v3'].map((name) => ({
            name,
            message: 'Import zod/mini (docs/decisions/0157-schemas-in-zod-mini.md).',
          })),
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/shared',
              from: [
                './src/features',
                './src/entities',
                './src/routes',
                './src/db',
                './src/lib',
                './src/components',
                './src/sync',
                './src/config',
                './api',
              ],
              message: 'src/shared is pure: it imports nothing outside itself.',
            },
            { target: './api', from: './src', except: ['./shared'], message: 'api/ may import src/shared only.' },
            {
              target: './src',
              from: './api',
              // AppType for the typed client; consistent-type-imports keeps that import type-only.
              except: ['./app.ts'],
              message: 'The PWA imports the server for types only (AppType from api/app.ts).',
            },
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'Features never import each other; compose them in routes.',
            })),
            { target: './src/features', from: './src/routes', message: 'Routes compose features, not the other way round.' },
            {
              target: './src/entities',
              from: ['./src/features', './src/routes'],
              message: 'Entities (the shared nouns) sit below features: features and routes import them, never the other way round.',
            },
            ...entities.map((entity) => ({
              target: `./src/entities/${entity}`,
              from: './src/entities',
              except: [`./${entity}`],
              message: 'An entity never imports another; what two nouns share belongs in src/lib or src/shared.',
            })),
            {
              target: ['./src/lib', './src/db', './src/sync'],
              from: ['./src/entities', './src/features', './src/routes', './src/components'],
              message:
                'src/lib, src/db and src/sync are infrastructure, below the nouns: they import no entity, feature, route or shared component; domain code lives with its noun or feature.',
            },
            {
              target: './src/components',
              from: ['./src/features', './src/routes'],
              message: 'Shared components sit below features: features and routes import them, never the other way round.',
            },
          ],
        },
      ],
    },
  },
  {
    // Every word a person reads on a screen is a message of the catalogues (issue 23,
    // docs/decisions/0162-languages-lingui-icu-catalogues.md): no text in JSX, and no literal
    // label, placeholder, title or alternative text. Punctuation between messages is allowed.
    files: ['src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    plugins: { react },
    rules: {
      'react/jsx-no-literals': [
        'error',
        {
          noStrings: true,
          ignoreProps: true,
          allowedStrings: ['·', '×', '—', '–', '-', '−', '+', '/', ':', '(', ')', ',', '.', '…', '•', '|', '%', '*', '→', '↑', '↓', '⠿'],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            // A message id given to t() is not text a person reads.
            'JSXAttribute[name.name=/^(aria-label|aria-description|aria-placeholder|aria-roledescription|aria-valuetext|placeholder|title|alt|label)$/] Literal[value=/[A-Za-z]/]:not(CallExpression > Literal)',
          message: 'A label, placeholder, title or alternative text a person reads is a message of the catalogues: t(...).',
        },
        {
          selector: 'JSXAttribute[name.name=/^(aria-label|aria-description|placeholder|title|alt|label)$/] TemplateLiteral',
          message: 'A label, placeholder, title or alternative text a person reads is a message of the catalogues: t(..., { values }).',
        },
      ],
    },
  },
  {
    files: ['api/**/*.ts', 'src/**/*.{ts,tsx}'],
    ignores: ['api/env.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through api/env.ts.' }],
    },
  },
  {
    files: ['scripts/**/*.{js,mjs}', '*.config.{js,ts}', 'tests/**/*.ts', 'bench/**/*.ts'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly' } },
    rules: { 'no-console': 'off' },
  },
);

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import { dirname, relative, resolve } from 'node:path';

/**
 * The walls between parts (docs/architecture.md#walls): an API module, and anything outside the modules, reaches a module only
 * through its `index.ts`; the same for web features, which have a second face, `app.ts`, for the app's frame and
 * router (their screens and first-screen data, kept apart so that the first load does not import what `index.ts`
 * names for other screens), and a third, `profile.ts`, for the account page's lazy chunk; `auth` imports no other
 * feature; and the API's `core` reaches no module at all. Relative imports are resolved against the
 * importing file, so `../billing/billing.service` and `../../billing/x` are both seen.
 */
const WALLS = [
  { root: 'apps/api/src/modules', what: 'module', faces: ['index'] },
  { root: 'apps/web/src/features', what: 'feature', faces: ['index', 'app', 'profile'] },
];
/** Features that import no other feature: the session's own, which every other feature stands on. */
const LEAF_FEATURES = ['auth'];
const CORE = 'apps/api/src/core';
const boundaries = {
  rules: {
    walls: {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const file = relative(context.cwd, context.filename);
        const check = (node) => {
          const spec = node.source?.value;
          if (typeof spec !== 'string' || !spec.startsWith('.')) return;
          const target = relative(context.cwd, resolve(dirname(context.filename), spec));
          if (file.startsWith(`${CORE}/`) && target.startsWith('apps/api/src/modules/'))
            return context.report({ node, message: `core imports no module (${spec})` });
          const feature = (path) => /^apps\/web\/src\/features\/([^/]+)(?:\/|$)/.exec(path)?.[1];
          const [own, other] = [feature(file), feature(target)];
          if (own && other && own !== other && LEAF_FEATURES.includes(own))
            return context.report({
              node,
              message: `feature ${own} imports no other feature (${spec}): share it through lib/`,
            });
          for (const { root, what, faces } of WALLS) {
            if (!target.startsWith(`${root}/`)) continue;
            // Outside the wall (the composition root: app.module, the router's static imports) counts as a stranger.
            const [from] = file.startsWith(`${root}/`) ? file.slice(root.length + 1).split('/') : [];
            const [to, ...rest] = target.slice(root.length + 1).split('/');
            const face = rest.length === 0 || (rest.length === 1 && faces.includes(rest[0]));
            if (to !== from && !face)
              context.report({
                node,
                message: `${from ? `${what} ${from}` : file} reaches into ${what} ${to}: import its ${faces.join('.ts or ')}.ts`,
              });
          }
        };
        // import() too: the router's lazy pages go through the features' faces like any other import.
        return {
          ImportDeclaration: check,
          ImportExpression: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
        };
      },
    },
  },
};

/**
 * The data layer (docs/architecture.md#layers): SQL and TypeORM's handles live in `*.repository.ts` files, one per aggregate, so
 * that every status change of a table has one home. Entities (decorators), modules (`forFeature`), migrations and seeds,
 * core/database (the pool, the unit of work) and the CLI that migrates are the data layer's own; the support timeline is
 * its one read model.
 */
const DATA_LAYER_CALLS = new Set(['query', 'createQueryBuilder', 'getRepository']);
const dataLayer = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const message = (what) => `${what} belongs in a *.repository.ts (docs/architecture.md#layers)`;
    return {
      ImportDeclaration(node) {
        const spec = node.source.value;
        if (spec === 'typeorm' || spec.startsWith('typeorm/') || spec === '@nestjs/typeorm')
          context.report({ node, message: message(`TypeORM (${spec})`) });
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression') return;
        if (DATA_LAYER_CALLS.has(callee.property.name))
          context.report({ node, message: message(`.${callee.property.name}()`) });
        // A service hands its unit of work on to repositories; it does not run SQL in it itself.
        else if (callee.object.type === 'Identifier' && callee.object.name === 'tx')
          context.report({ node, message: message(`tx.${callee.property.name}()`) });
      },
    };
  },
};
boundaries.rules['data-layer'] = dataLayer;

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.nx/**', '**/test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': 'off',
    },
  },
  {
    // Patterns meet user text: none may backtrack super-linearly (architecture.md, convention 17).
    files: ['apps/**/*.{ts,tsx,js,mjs}', 'libs/**/*.{ts,tsx,js,mjs}', 'bench/**/*.{ts,js,mjs}'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
      'regexp/no-super-linear-move': 'error',
      'regexp/no-misleading-capturing-group': 'error',
    },
  },
  {
    // The schema registry and seeds list every module's entities; the router lazy-loads pages with import().
    files: ['apps/api/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/api/src/database/**'],
    plugins: { boundaries },
    rules: { 'boundaries/walls': 'error' },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/database/**',
      'apps/api/src/core/database/**',
      'apps/api/src/cli.ts',
      'apps/api/src/**/*.{repository,entity,module,spec}.ts',
      'apps/api/src/modules/admin/support-timeline.read-model.ts',
    ],
    plugins: { boundaries },
    rules: { 'boundaries/data-layer': 'error' },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Only the config module may read the environment (architecture.md, convention 4).
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/core/config/**', 'apps/api/src/**/*.spec.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through AppConfig.' },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // A feature calls the API only through its own api/ module, and takes nothing from the app shell (app/ composes
    // the features; what they share lives in lib/ and components/).
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/features/*/api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/lib/api-client'],
              importNames: ['api', 'apiHtml', 'apiText', 'apiPage', 'apiDownload'],
              message: "Call the API through the feature's api/ module.",
            },
            {
              // The app's directory (../../app/…), not a feature's app.ts face (../solutions/app).
              regex: '^(\\.\\./)+app(/|$)',
              message: 'A feature imports nothing from app/: shared pieces live in lib/.',
            },
          ],
        },
      ],
    },
  },
);

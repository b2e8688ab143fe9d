// One root lint config. Besides correctness, it enforces the architecture:
// remotes never import each other, the shared package is imported only by its
// package name, and there are no import cycles.
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

const apps = ['shell', 'mf-catalog', 'mf-player', 'mf-account', 'mf-checkout'];

/** For app `name`: forbid reaching into any other app's or the shared package's files. */
function boundaries(name) {
  // The API workspace is matched by its src folder, so a feature's own `api/` folder (STYLE.md) stays allowed.
  const others = [...apps.filter((a) => a !== name), 'api/src'];
  return {
    files: [`${name}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: others.flatMap((o) => [`**/${o}/*`, `${o}/*`, o]),
              message:
                'Apps meet through the URL, @streamflix/shared or namespaced events, never by importing each other.',
            },
            {
              group: ['**/shared/src/*', '**/shared/src', '../shared/*', '../../shared/*'],
              message: "Import the shared package by its name: '@streamflix/shared'.",
            },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      'api/data/**',
      '**/.data/**',
      '**/.auth/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      '**/@mf-types/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  ...apps.map(boundaries),
  {
    files: ['api/**/*.ts'],
    rules: {
      // Dynamic query building (Kysely across two dialects) sometimes needs an escape hatch.
      '@typescript-eslint/no-explicit-any': 'warn',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...apps.map((a) => `**/${a}/*`)],
              message: 'The API does not depend on frontends.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { module: 'writable', require: 'readonly', __dirname: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
      },
    },
  },
);

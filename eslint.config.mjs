// One root lint config. Besides correctness, it enforces the architecture:
// remotes never import each other, the shared package is imported only by its
// package name and never imports an app, a feature never imports another
// feature or a screen in exposes/, the shell's folders depend one way, and there are no import
// cycles.
// tools/lint-zones.test.ts checks that each of these rules fires.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import remotes from './tools/remotes.cjs';
import i18nPlugin from './tools/eslint/no-unlocalised-jsx.mjs';

// The shell and every remote of remotes.json.
const apps = remotes.lintApps();
const root = import.meta.dirname;

/**
 * Zones inside every app (STYLE.md's layout): a feature is self-contained. What two features
 * need lives in the app's components/ or lib/; a feature never reaches into a sibling feature,
 * nor into exposes/ (the screens that compose features). Features are listed from disk, so a
 * new one is zoned without editing this file.
 */
function featureZones(app) {
  const features = path.join(root, app, 'src/features');
  const names = existsSync(features)
    ? readdirSync(features, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];
  return [
    ...names.map((name) => ({
      target: `./${app}/src/features/${name}`,
      from: `./${app}/src/features`,
      except: [`./${name}`],
      message:
        'A feature never imports another feature: move what both need to components/ or lib/.',
    })),
    {
      target: `./${app}/src/features`,
      from: `./${app}/src/exposes`,
      message: 'Features never import exposes/: screens compose features, not the other way round.',
    },
  ];
}

/**
 * The API's domains (api/src/domains/<domain>/): a domain imports another only through that
 * domain's entry file (index.ts), never its routes, services or schemas; and the infrastructure
 * (lib/, db/, plugins/) imports no domain at all. Listed from disk, so a new domain is zoned
 * without editing this file.
 */
function apiDomainZones() {
  const domains = path.join(root, 'api/src/domains');
  const names = existsSync(domains)
    ? readdirSync(domains, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];
  return [
    ...names.map((name) => ({
      target: `./api/src/domains/${name}`,
      from: './api/src/domains',
      except: [`./${name}`, ...names.filter((n) => n !== name).map((n) => `./${n}/index.ts`)],
      message:
        'A domain imports another only through its entry file (domains/<domain>/index.ts): export what it needs there.',
    })),
    {
      // The infrastructure sits below every domain: app.ts hands the domains what they need.
      target: ['./api/src/lib', './api/src/db', './api/src/plugins'],
      from: './api/src/domains',
      message:
        'lib/, db/ and plugins/ are infrastructure and import no domain: move the code into its domain, or declare what it needs here and let the domain fill it in (see ClusterEvents, AppContext).',
    },
  ];
}

/**
 * The shell's folders, top to bottom: a folder imports only folders below it, so no arrow runs
 * back up and no two folders loop. `screens/` mounts the route tables' remote screens; `routing/`
 * is the route tables themselves (data, no React); `api/` is every API call of the shell. A new
 * folder takes its place here, or linting stops (below).
 */
const SHELL_LAYERS = [
  'screens',
  'delivery',
  'households',
  'chrome',
  'platform',
  'composition',
  'routing',
  'api',
  'service-worker',
  // The shell's catalogs (docs/i18n.md): data, imported by any folder.
  'locales',
];

function shellLayerZones() {
  const src = path.join(root, 'shell/src');
  const folders = existsSync(src)
    ? readdirSync(src, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];
  const unplaced = folders.filter((f) => !SHELL_LAYERS.includes(f));
  if (unplaced.length)
    throw new Error(
      `eslint.config.mjs: shell/src/${unplaced.join(', shell/src/')} has no place in SHELL_LAYERS`,
    );
  const entries = ['app.tsx', 'bootstrap.tsx', 'index.ts'].map((f) => `./shell/src/${f}`);
  return SHELL_LAYERS.map((layer, i) => ({
    target: `./shell/src/${layer}`,
    from: [...SHELL_LAYERS.slice(0, i).map((above) => `./shell/src/${above}`), ...entries],
    message: `The shell's folders depend one way (${SHELL_LAYERS.join(' > ')}, the entry files above all): ${layer}/ imports only folders below it. Move the code down, or pass it in.`,
  }));
}

/**
 * The workspaces whose visible strings are all localised (docs/i18n.md): in these, a literal string
 * in JSX text or in an aria-label, title, placeholder or alt attribute fails lint. A remote's
 * converter adds its team (remotes.json) to LOCALISED_TEAMS once its screens are converted.
 */
const LOCALISED_TEAMS = ['catalog', 'checkout', 'account', 'player'];
// A remote is named by its team: its folder is never written by hand outside remotes.json
// (tools/remote-names.test.ts), so a converter adds the remote's team to LOCALISED_TEAMS.
const LOCALISED_WORKSPACES = [
  'shell',
  'shared',
  ...remotes
    .readRegistry()
    .filter((r) => LOCALISED_TEAMS.includes(r.team))
    .map((r) => r.dir),
];

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
    files: ['**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...apps.flatMap(featureZones),
            ...apiDomainZones(),
            ...shellLayerZones(),
            {
              target: './shared',
              from: [...apps.map((a) => `./${a}`), './api'],
              message: 'The shared package never imports an app: apps depend on it, not back.',
            },
            {
              // The delivery gate is used by the shell's host and the delivery tools; it stands
              // below them and apart from the auth + API package.
              target: './composition',
              from: [...apps.map((a) => `./${a}`), './api', './shared', './delivery'],
              message:
                'The composition package imports no app, API, shared package or delivery tool: they depend on it.',
            },
          ],
        },
      ],
    },
  },
  {
    // The shell calls the API only from src/api/ (one file per endpoint), as the remotes do.
    files: ['shell/src/**/*.{ts,tsx}'],
    ignores: ['shell/src/api/**', 'shell/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[source.value='@streamflix/shared'] > ImportSpecifier[imported.name=/^(callApi|callOperation)$/]",
          message:
            'The shell calls the API from src/api/ only: add a file there (one per endpoint) and import it.',
        },
      ],
    },
  },
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
    // The Stripe gateway speaks to the Stripe SDK through the SDK's own types (issue 26): no escape hatch.
    files: ['api/src/domains/billing/services/stripe-gateway.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    files: LOCALISED_WORKSPACES.map((ws) => `${ws}/src/**/*.tsx`),
    // Developer tools, in English by design: the versions page, the analytics debug page, the
    // preview-override pill and a remote's standalone harness.
    ignores: [
      '**/*.test.tsx',
      'shell/src/delivery/versions-page.tsx',
      'shell/src/platform/analytics-debug-page.tsx',
      'shell/src/delivery/override-pill.tsx',
      'shared/src/isolation/**',
    ],
    plugins: { i18n: i18nPlugin },
    rules: { 'i18n/no-unlocalised-jsx': 'error' },
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

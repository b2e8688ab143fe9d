import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.join(__dirname, '..');

interface Case {
  /** Where the fixture pretends to live (the zones are decided by path). */
  file: string;
  code: string;
}

/**
 * Lints fixture sources with the root eslint.config.mjs, as `npm run lint` would see them at
 * those paths, and returns the rule ids each one breaks. ESLint runs in a child process: it
 * loads its flat config with a native dynamic import, which jest's module runtime does not do.
 */
function ruleIdsOf(cases: Case[]): string[][] {
  const script = `
    import { ESLint } from 'eslint';
    const cases = JSON.parse(process.argv[1]);
    const eslint = new ESLint({ cwd: process.cwd() });
    const out = [];
    for (const c of cases) {
      const [result] = await eslint.lintText(c.code, { filePath: c.file });
      out.push(result.messages.map((m) => m.ruleId ?? m.message));
    }
    console.log(JSON.stringify(out));
  `;
  const stdout = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', script, JSON.stringify(cases)],
    { cwd: root, encoding: 'utf8' },
  );
  return JSON.parse(stdout) as string[][];
}

const feature = 'mf-catalog/src/features/explore/components/fixture.tsx';

const cases: Record<string, Case> = {
  'a remote importing another remote': {
    file: 'mf-catalog/src/lib/fixture.ts',
    code: "import { x } from '../../../mf-player/src/lib/x';\nexport { x };\n",
  },
  'an app importing shared by path': {
    file: 'mf-account/src/lib/fixture.ts',
    code: "import { x } from '../../../shared/src/index';\nexport { x };\n",
  },
  'the API importing a frontend': {
    file: 'api/src/domains/billing/services/fixture.ts',
    code: "import { x } from '../../../shell/src/x';\nexport { x };\n",
  },
  "an API domain reaching into another domain's services": {
    file: 'api/src/domains/billing/services/fixture.ts',
    code: "import { recordWatchProgress } from '../../catalogue/services/watch-history';\nexport { recordWatchProgress };\n",
  },
  'an API domain importing another through its entry, and infrastructure': {
    file: 'api/src/domains/billing/services/fixture.ts',
    code:
      "import { recordWatchProgress } from '../../catalogue';\n" +
      "import { recordWatchProgress as again } from '../../catalogue/index';\n" +
      "import { badRequest } from '../../../lib/http-errors';\n" +
      "import { Billing } from './billing';\n" +
      'export { recordWatchProgress, again, badRequest, Billing };\n',
  },
  "the API's lib/ importing a domain, even through its entry": {
    file: 'api/src/lib/fixture.ts',
    code:
      "import { type Billing } from '../domains/billing';\n" +
      "import { loadUserView } from '../domains/accounts/services/users';\n" +
      'export { type Billing, loadUserView };\n',
  },
  "the API's db/ importing a domain": {
    file: 'api/src/db/fixture.ts',
    code: "import { type CatalogueSeed } from '../domains/catalogue';\nexport { type CatalogueSeed };\n",
  },
  "the API's plugins/ importing a domain": {
    file: 'api/src/plugins/fixture.ts',
    code: "import { DEVICE_COOKIE_ROUTES } from '../domains/accounts';\nexport { DEVICE_COOKIE_ROUTES };\n",
  },
  "the API's infrastructure importing itself": {
    file: 'api/src/lib/fixture.ts',
    code:
      "import { RateLimiter } from './rate-limiter';\n" +
      "import { openDatabase } from '../db/database';\n" +
      "import { requireAuth } from '../plugins/auth';\n" +
      'export { RateLimiter, openDatabase, requireAuth };\n',
  },
  'shared importing an app': {
    file: 'shared/src/fixture.ts',
    code: "import { useInView } from '../../mf-catalog/src/lib/use-in-view';\nexport { useInView };\n",
  },
  'the composition package importing the shared package or an app': {
    file: 'composition/src/fixture.ts',
    code:
      "import { callApi } from '../../shared/src/api/api-client';\n" +
      "import { remoteLabel } from '../../shell/src/routing/remotes';\n" +
      'export { callApi, remoteLabel };\n',
  },
  'a feature importing another feature': {
    file: feature,
    code: "import { MyListView } from '../../my-list/components/my-list-view';\nexport { MyListView };\n",
  },
  'a feature importing exposes/': {
    file: feature,
    code: "import Home from '../../../exposes/home';\nexport { Home };\n",
  },
  'a feature importing its own files, the app lib and shared': {
    file: feature,
    code:
      "import { SearchBox } from './search-box';\n" +
      "import { useInView } from '../../../lib/use-in-view';\n" +
      "import { callApi } from '@streamflix/shared';\n" +
      'export { SearchBox, useInView, callApi };\n',
  },
  "a shell folder importing one above it (the route tables' users, the entry)": {
    file: 'shell/src/composition/fixture.ts',
    code:
      "import { RemoteScreen } from '../screens/remote-screen';\n" +
      "import { App } from '../app';\n" +
      'export { RemoteScreen, App };\n',
  },
  'a shell folder importing the folders below it': {
    file: 'shell/src/chrome/fixture.ts',
    code:
      "import { useUnreadCount } from '../platform/unread-count';\n" +
      "import { matchScreen } from '../routing/route-tables';\n" +
      "import { getHousehold } from '../api/get-household';\n" +
      'export { useUnreadCount, matchScreen, getHousehold };\n',
  },
  'the shell calling the API outside its api/ folder': {
    file: 'shell/src/chrome/fixture.ts',
    code: "import { callOperation } from '@streamflix/shared';\nexport const f = () => callOperation('GET /genres');\n",
  },
  "the shell's api/ folder calling the API": {
    file: 'shell/src/api/fixture.ts',
    code: "import { callOperation } from '@streamflix/shared';\nexport const f = () => callOperation('GET /genres');\n",
  },
};

const expected: Record<string, string[]> = {
  'a remote importing another remote': ['no-restricted-imports'],
  'an app importing shared by path': ['no-restricted-imports'],
  'the API importing a frontend': ['no-restricted-imports'],
  "an API domain reaching into another domain's services": ['import-x/no-restricted-paths'],
  'an API domain importing another through its entry, and infrastructure': [],
  "the API's lib/ importing a domain, even through its entry": [
    'import-x/no-restricted-paths',
    'import-x/no-restricted-paths',
  ],
  "the API's db/ importing a domain": ['import-x/no-restricted-paths'],
  "the API's plugins/ importing a domain": ['import-x/no-restricted-paths'],
  "the API's infrastructure importing itself": [],
  'shared importing an app': ['import-x/no-restricted-paths'],
  'the composition package importing the shared package or an app': [
    'import-x/no-restricted-paths',
    'import-x/no-restricted-paths',
  ],
  'a feature importing another feature': ['import-x/no-restricted-paths'],
  'a feature importing exposes/': ['import-x/no-restricted-paths'],
  'a feature importing its own files, the app lib and shared': [],
  "a shell folder importing one above it (the route tables' users, the entry)": [
    'import-x/no-restricted-paths',
    'import-x/no-restricted-paths',
  ],
  'a shell folder importing the folders below it': [],
  'the shell calling the API outside its api/ folder': ['no-restricted-syntax'],
  "the shell's api/ folder calling the API": [],
};

it('each architecture rule of eslint.config.mjs fires where it should, and only there', () => {
  const names = Object.keys(cases);
  const ids = ruleIdsOf(names.map((n) => cases[n]!));
  expect(Object.fromEntries(names.map((n, i) => [n, ids[i]]))).toEqual(expected);
}, 120_000);

/** @jest-environment node */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { emitExposeTypes, emitSharedTypes, fetchTypes } from './federation-types.cjs';

const ROOT = path.resolve(__dirname, '..');
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'federation-types-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Type errors of one file compiled against `paths` (the TypeScript API, as a consumer's tsc). */
function errorsOf(file: string, paths: Record<string, string[]>): string[] {
  // The shared package's CSS-module declarations, as every workspace's tsconfig includes them.
  const program = ts.createProgram([file, path.join(ROOT, 'shared/src/css-modules.d.ts')], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    // The fixture lives outside the checkout: libraries resolve from its node_modules.
    paths: { ...paths, '*': [`${ROOT}/node_modules/@types/*`, `${ROOT}/node_modules/*`] },
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

/** The shell's check (shell/src/screens/remote-contracts.ts), on one screen and the lifecycles. */
const contract = `
import type { ComponentType } from 'react';
import type Watch from 'mf_player/Watch';
import type * as Lifecycles from 'mf_player/lifecycles';
type PropsOf<C> = C extends ComponentType<infer P> ? P : never;
type Accepts<Given, Declared> = [Exclude<keyof Given, keyof Declared>] extends [never]
  ? Given extends Declared ? true : 'requires more'
  : \`no longer accepts \${Exclude<keyof Given, keyof Declared> & string}\`;
type Takes<Given, Declared> = Given extends Declared ? true : 'reads what the route does not give';
type Assert<T extends true> = T;
type Config = { apiOrigin: string; environment: string };
type Mount = { name: string; screen: string; domElement: HTMLElement | null; singleSpa: object;
  mountParcel: () => undefined; config: Config; path: string;
  navigate: (to: string) => void };
type WatchRoute = {
  params: { id: string; movieid: string; seasonId: string; episodeId: string };
  config: Config;
};
export type Checks = [
  Assert<Takes<WatchRoute, PropsOf<typeof Watch>>>,
  Assert<Accepts<Mount, Parameters<typeof Lifecycles.mount>[0]>>,
];
`;

describe("a remote's published exposes", () => {
  let types: string;
  beforeAll(() => {
    types = path.join(dir, 'mf_player');
    emitExposeTypes(path.join(ROOT, 'mf-player'), types);
    writeFileSync(path.join(dir, 'contract.ts'), contract);
  }, 120_000);
  const check = () => errorsOf(path.join(dir, 'contract.ts'), { 'mf_player/*': [`${types}/*`] });

  it('list every file, one entry per expose', () => {
    const files = JSON.parse(readFileSync(path.join(types, 'files.json'), 'utf8')) as string[];
    expect(files).toEqual(expect.arrayContaining(['Watch.d.ts', 'lifecycles.d.ts']));
    expect(readFileSync(path.join(types, 'lifecycles.d.ts'), 'utf8')).toContain(
      "export * from './mf-player/src/exposes/lifecycles'",
    );
  });

  it("satisfy the shell's use of them as they are", () => {
    expect(check()).toEqual([]);
  }, 60_000);

  it("fail the shell's check when a screen renames a route parameter", () => {
    const file = path.join(types, 'mf-player/src/exposes/watch.d.ts');
    const original = readFileSync(file, 'utf8');
    const renamed = original.replace(/type WatchParam = [^;]+;/, "type WatchParam = 'titleId';");
    expect(renamed).not.toBe(original);
    writeFileSync(file, renamed);
    try {
      expect(check().join('\n')).toMatch(
        /'"reads what the route does not give"' does not satisfy the constraint 'true'/,
      );
    } finally {
      writeFileSync(file, original);
    }
  }, 60_000);
});

describe("the shell's published @streamflix/shared, for a remote outside this repository", () => {
  let server: Server;
  let origin: string;
  let types: string;
  beforeAll(async () => {
    const published = path.join(dir, 'shell-dist/@mf-types/streamflix-shared');
    emitSharedTypes(published);
    // The shell's host: its manifest names the folder, as its build writes it.
    server = createServer((req, res) => {
      const url = req.url ?? '/';
      if (url === '/mf-manifest.json') {
        res.end(
          JSON.stringify({
            metaData: { types: { path: '@mf-types/streamflix-shared', name: 'files.json' } },
          }),
        );
        return;
      }
      try {
        res.end(readFileSync(path.join(dir, 'shell-dist', decodeURIComponent(url))));
      } catch {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    types = path.join(dir, 'outside/@mf-types/@streamflix/shared');
    await fetchTypes(`${origin}/mf-manifest.json`, types);
  }, 120_000);
  afterAll(() => server.close());

  const compile = (source: string) => {
    const file = path.join(dir, 'outside/remote.ts');
    writeFileSync(file, source);
    return errorsOf(file, {
      '@streamflix/shared': [`${types}/index.d.ts`],
      '@streamflix/shared/isolated': [`${types}/isolated.d.ts`],
    });
  };

  it('typechecks a remote against the fetched declarations', () => {
    expect(
      compile(
        "import { callOperation, queryKey } from '@streamflix/shared';\n" +
          "import type { IsolatedLifecycles } from '@streamflix/shared/isolated';\n" +
          "export const key = queryKey('GET /genres');\n" +
          "export const call = () => callOperation('GET /genres');\n" +
          'export type L = IsolatedLifecycles;\n',
      ),
    ).toEqual([]);
  }, 60_000);

  it('and refuses what the shell does not offer', () => {
    expect(
      compile("import { login } from '@streamflix/shared';\nexport const l = login;\n").join('\n'),
    ).toMatch(/has no exported member 'login'/);
  }, 60_000);

  it('a manifest without published types is named', async () => {
    server.removeAllListeners('request');
    server.on('request', (_req, res) => res.end(JSON.stringify({ metaData: {} })));
    await expect(fetchTypes(`${origin}/mf-manifest.json`, path.join(dir, 'x'))).rejects.toThrow(
      /names no published types/,
    );
  });
});

import { deprecatedRemovals, type SupportedRelease } from './surface-check';
import {
  changesetBumps,
  declaredCompatible,
  diffReports,
  levelBetween,
  requiredLevel,
} from './surface-diff';
import type { ApiReport, RemoteReport, SharedReport } from './surface-report';

const shared = (exports: SharedReport['entries']['.']): SharedReport => ({
  kind: 'package',
  name: '@streamflix/shared',
  entries: { '.': exports, './tokens.css': 'asset' },
});
const base = shared({
  callOperation: { kind: 'value', type: '(op: K) => Promise<R>' },
  callApi: {
    kind: 'value',
    type: '<T>(c: CallOptions) => Promise<ApiResult<T>>',
    deprecated: true,
  },
  RuntimeConfig: { kind: 'type', type: 'RuntimeConfig', members: { apiOrigin: 'string' } },
});

describe('shared exports', () => {
  it('a removal is incompatible: a major from 1.0, a minor before it', () => {
    const { callOperation: _gone, ...rest } = base.entries['.'] as Record<string, never>;
    const changes = diffReports(base, shared(rest));
    expect(changes).toEqual([
      {
        kind: 'removed',
        label: 'export "callOperation"',
        incompatible: true,
        exportName: 'callOperation',
      },
    ]);
    expect(requiredLevel(changes, '1.0.0')).toBe('major');
    expect(requiredLevel(changes, '0.4.0')).toBe('minor');
  });

  it('an addition needs a minor; an optional member is an addition, a required one is not', () => {
    const added = shared({
      ...(base.entries['.'] as object),
      queryKey: { kind: 'value', type: '(op: K) => unknown[]' },
      RuntimeConfig: {
        kind: 'type',
        type: 'RuntimeConfig',
        members: { apiOrigin: 'string', 'vapidKey?': 'string | undefined' },
      },
    });
    const changes = diffReports(base, added);
    expect(changes.map((c) => [c.label, c.kind, c.incompatible])).toEqual([
      ['member "vapidKey" of export "RuntimeConfig"', 'added', false],
      ['export "queryKey"', 'added', false],
    ]);
    expect(requiredLevel(changes, '1.0.0')).toBe('minor');
    const required = shared({
      ...(base.entries['.'] as object),
      RuntimeConfig: {
        kind: 'type',
        type: 'RuntimeConfig',
        members: { apiOrigin: 'string', environment: 'string' },
      },
    });
    expect(requiredLevel(diffReports(base, required), '1.0.0')).toBe('major');
  });

  it('a changed type is incompatible; an unchanged report needs nothing', () => {
    const changed = shared({
      ...(base.entries['.'] as object),
      callOperation: { kind: 'value', type: '(op: K, signal: AbortSignal) => Promise<R>' },
    });
    expect(diffReports(base, changed)).toEqual([
      {
        kind: 'changed',
        label: 'export "callOperation"',
        incompatible: true,
        exportName: 'callOperation',
      },
    ]);
    expect(requiredLevel(diffReports(base, base), '1.0.0')).toBe('none');
  });

  it("a changed member names its export, so a changeset can declare that export's change compatible", () => {
    const changed = shared({
      ...(base.entries['.'] as object),
      RuntimeConfig: {
        kind: 'type',
        type: 'RuntimeConfig',
        members: { apiOrigin: 'string | URL' },
      },
    });
    expect(diffReports(base, changed)).toEqual([
      {
        kind: 'changed',
        label: 'member "apiOrigin" of export "RuntimeConfig"',
        incompatible: true,
        exportName: 'RuntimeConfig',
      },
    ]);
  });

  it('a deprecated export is removed only once no supported release imports it', () => {
    const { callApi: _gone, ...rest } = base.entries['.'] as Record<string, never>;
    const changes = diffReports(base, shared(rest));
    expect(changes[0]).toMatchObject({ deprecated: true, exportName: 'callApi' });
    const release = (imports: string[] | null): SupportedRelease => ({
      dir: 'mf-player',
      version: '0.2.0',
      commit: 'abc',
      why: 'latest release',
      sharedImports: imports,
    });
    expect(deprecatedRemovals('@streamflix/shared', changes, [release(['callOperation'])])).toEqual(
      [],
    );
    expect(deprecatedRemovals('@streamflix/shared', changes, [release(['callApi'])])).toEqual([
      '@streamflix/shared: deprecated export "callApi" was removed while supported releases may still import it: mf-player@0.2.0 (latest release)',
    ]);
    expect(deprecatedRemovals('@streamflix/shared', changes, [release(null)])[0]).toMatch(
      /no report to tell/,
    );
  });
});

describe('remotes', () => {
  const remote = (props: Record<string, string>, paths = ['/watch/:id']): RemoteReport => ({
    kind: 'remote',
    name: 'mf-player',
    exposes: { Watch: { props: { kind: 'type', type: '{}', members: props } } },
    paths,
    contracts: {
      emits: ['player:playback-ended'],
      listens: [],
      storageWrites: [],
      storageReads: ['playerPreferences'],
      operations: ['GET /playback/{titleId}'],
    },
    sharedImports: [],
  });

  it('a renamed prop of an exposed screen is incompatible; a dropped path too', () => {
    const changes = diffReports(remote({ 'title?': 'string' }), remote({ 'heading?': 'string' }));
    expect(changes.map((c) => `${c.label} ${c.kind}`)).toEqual([
      'prop "title" of expose "./Watch" removed',
      'prop "heading" of expose "./Watch" added',
    ]);
    expect(requiredLevel(changes, '0.2.0')).toBe('minor');
    expect(diffReports(remote({}), remote({}, []))).toEqual([
      { kind: 'removed', label: 'path "/watch/:id"', incompatible: true },
    ]);
  });

  it('what a remote stops emitting is incompatible; what it stops reading is not', () => {
    const before = remote({});
    const after: RemoteReport = {
      ...before,
      contracts: { ...before.contracts, emits: [], storageReads: [], operations: [] },
    };
    expect(diffReports(before, after).map((c) => [c.label, c.incompatible])).toEqual([
      ['event "player:playback-ended" it emits', true],
      ['storage "playerPreferences" it reads', false],
      ['API operation "GET /playback/{titleId}" it calls', false],
    ]);
  });
});

describe('the API', () => {
  const api = (operations: ApiReport['operations']): ApiReport => ({
    kind: 'api',
    name: 'api',
    contractVersion: '1.0.0',
    operations,
  });
  it('a new response field is an addition; a new required request field or a removed operation is not', () => {
    const before = api({ 'GET /genres': { 'responses.200.x': '"string"' } });
    expect(
      diffReports(
        before,
        api({ 'GET /genres': { 'responses.200.x': '"string"', 'responses.200.y': '"string"' } }),
      ),
    ).toEqual([
      { kind: 'added', label: '"responses.200.y" of operation "GET /genres"', incompatible: false },
    ]);
    expect(
      diffReports(
        before,
        api({
          'GET /genres': {
            'responses.200.x': '"string"',
            'requestBody.content.application/json.schema.required[email]': 'true',
          },
        }),
      )[0]?.incompatible,
    ).toBe(true);
    expect(diffReports(before, api({}))).toEqual([
      { kind: 'removed', label: 'operation "GET /genres"', incompatible: true },
    ]);
  });
});

it('reads bumps from versions and changesets', () => {
  expect(levelBetween('0.2.0', '0.3.0')).toBe('minor');
  expect(levelBetween('1.0.0', '2.0.0')).toBe('major');
  expect(levelBetween('1.0.0', '1.0.1')).toBe('patch');
  expect(levelBetween('1.0.0', '1.0.0')).toBe('none');
  expect(
    changesetBumps('---\n"@streamflix/shared": minor\n"mf-player": major\n---\n\nText: major\n'),
  ).toEqual({ '@streamflix/shared': 'minor', 'mf-player': 'major' });
});

it('reads exports a changeset declares compatible', () => {
  expect(
    declaredCompatible(
      '---\n"@streamflix/shared": minor\n---\n\nTyped.\n\nCompatible: createIsolatedApp, queryKey — same calls compile.\n',
    ),
  ).toEqual(['createIsolatedApp', 'queryKey']);
  expect(declaredCompatible('---\n"x": minor\n---\n\nNothing declared.\n')).toEqual([]);
});

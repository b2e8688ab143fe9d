/** @jest-environment node */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { VersionConflict } from './build-store';
import { FolderStore } from './folder-store';
import { sampleBuild } from './test/sample-build';

const REMOTE = 'mf_player';
const DIR = 'mf-player';
let root: string;
let store: FolderStore;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'sf-builds-'));
  store = new FolderStore(root, 'http://localhost:4500/builds/');
});

describe('the folder build store', () => {
  it('lays a version out as `npm run deploy -- <remote> --to <folder>` does, and lists it', async () => {
    const { files, record } = sampleBuild(REMOTE, '1.2.0');
    const result = await store.publish(DIR, record, files);
    expect(result).toEqual({
      created: true,
      version: {
        ...record,
        manifest: 'http://localhost:4500/builds/mf-player/1.2.0/mf-manifest.json',
      },
    });
    for (const file of files)
      expect(readFileSync(path.join(root, DIR, '1.2.0', file.path))).toEqual(file.bytes);
    expect(readdirSync(root)).toEqual([DIR]);
    expect(await store.list(DIR)).toEqual([result.version]);
    expect(await store.list('mf-catalog')).toEqual([]);
  });

  it('takes the same bytes again as a no-op and refuses other bytes, leaving the version as it was', async () => {
    const first = sampleBuild(REMOTE, '1.2.0');
    await store.publish(DIR, first.record, first.files);
    expect((await store.publish(DIR, first.record, first.files)).created).toBe(false);

    const other = sampleBuild(REMOTE, '1.2.0', 'b');
    await expect(store.publish(DIR, other.record, other.files)).rejects.toThrow(VersionConflict);
    const fewer = first.files.filter((f) => f.path !== '@mf-types.zip');
    await expect(store.publish(DIR, first.record, fewer)).rejects.toThrow(
      /already published with other bytes \(it has @mf-types\.zip, which this build does not\)/,
    );
    expect(readFileSync(path.join(root, DIR, '1.2.0', 'remoteEntry.js'))).toEqual(
      first.files[1]!.bytes,
    );
    expect(readdirSync(root)).toEqual([DIR]);
  });

  it('lets exactly one of two racing publishers of one version win', async () => {
    const a = sampleBuild(REMOTE, '3.0.0', 'a');
    const b = sampleBuild(REMOTE, '3.0.0', 'b');
    const results = await Promise.allSettled([
      store.publish(DIR, a.record, a.files),
      new FolderStore(root, 'http://x.test').publish(DIR, b.record, b.files),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(existsSync(path.join(root, DIR, '3.0.0', 'deployment.json'))).toBe(true);
    expect(readdirSync(root)).toEqual([DIR]);
  });
});

/** @jest-environment node */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DeployError, publish, remoteOf, sriOf, stampBuild } from './deploy';
import { ComposeError, checkRemote, rollbackRemote, setRemote, show } from './compose';
import { STORE, manifestFor, stagingDocument, world } from './test/compose-world';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sf-delivery-'));
});

function writeDoc() {
  const file = path.join(dir, 'staging.json');
  writeFileSync(file, JSON.stringify(stagingDocument()));
  return file;
}

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

describe('compose', () => {
  it('sets a version through the gate, records its SHA-384, keeps the old entry as fallback, and rolls back', async () => {
    const w = world();
    w.put('0.2.0');
    w.put('0.3.0', { react: '^19.3.0' });
    const file = writeDoc();
    const first = await setRemote(file, 'mf_player', '0.2.0', {}, w.ctx);
    expect(first.integrity).toBe(sriOf(Buffer.from('entry 0.2.0')));
    await setRemote(file, 'mf-player', '0.3.0', {}, w.ctx);
    let doc = read(file);
    expect(doc.remotes.mf_player).toMatchObject({
      manifest: `${STORE}/mf-player/0.3.0/mf-manifest.json`,
      version: '0.3.0',
      fallback: { version: '0.2.0', integrity: first.integrity },
    });
    expect(doc.history.map((h: { next: { version: string } }) => h.next.version)).toEqual([
      '0.2.0',
      '0.3.0',
    ]);
    expect(w.log.join('\n')).toMatch(/mf_player is now 0.3.0/);
    expect(show(file)).toMatch(/mf_player\s+0.3.0.*\(fallback 0.2.0\)/);

    await rollbackRemote(file, 'mf_player', w.ctx);
    doc = read(file);
    expect(doc.remotes.mf_player.version).toBe('0.2.0');
    expect(doc.history.at(-1)).toMatchObject({
      action: 'rollback',
      previous: { version: '0.3.0' },
    });
    // Rollback is gated too: the version before 0.2.0 is no longer reachable.
    await expect(rollbackRemote(file, 'mf_player', w.ctx)).rejects.toThrow(
      /refused[\s\S]*localhost:3002\/mf-manifest.json\) answered HTTP 404/,
    );
    expect(read(file).remotes.mf_player.version).toBe('0.2.0');
    await expect(rollbackRemote(writeDoc(), 'mf_player', w.ctx)).rejects.toThrow(
      /no earlier version/,
    );
    // Atomic writes leave no temp files behind.
    expect(readdirSync(dir)).toEqual(['staging.json']);
  });

  it('refuses a build against an incompatible React or @streamflix/shared range and leaves the document alone', async () => {
    const w = world();
    w.put('0.4.0', { react: '^20.0.0', '@streamflix/shared': '^0.2.0' });
    const file = writeDoc();
    const before = readFileSync(file, 'utf8');
    const refusal = setRemote(file, 'mf_player', '0.4.0', {}, w.ctx);
    await expect(refusal).rejects.toThrow(ComposeError);
    await expect(setRemote(file, 'mf_player', '0.4.0', {}, w.ctx)).rejects.toThrow(
      /refused[\s\S]*react \^20.0.0; the shell provides 19.3.1[\s\S]*@streamflix\/shared \^0.2.0; the shell provides 0.1.0/,
    );
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('checks a candidate through the whole gate and writes nothing', async () => {
    const w = world();
    w.put('0.2.0');
    w.put('0.4.0', { '@streamflix/shared': '^1.1.0' });
    const file = writeDoc();
    const before = readFileSync(file, 'utf8');
    const manifest = (v: string) => `${STORE}/mf-player/${v}/mf-manifest.json`;
    await expect(
      checkRemote(file, 'mf_player', { manifest: manifest('0.2.0'), version: '0.2.0' }, w.ctx),
    ).resolves.toMatchObject({ ok: true });
    await expect(
      checkRemote(file, 'mf_player', { manifest: manifest('0.4.0'), version: '0.4.0' }, w.ctx),
    ).rejects.toThrow(/@streamflix\/shared \^1\.1\.0; the shell provides 0\.1\.0/);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('composes a build the shell cannot share with as an isolated mount, which brings its own copies', async () => {
    const w = world();
    w.put('0.4.0', { react: '^20.0.0', '@streamflix/shared': '^1.1.0' });
    const file = writeDoc();
    await expect(setRemote(file, 'mf_player', '0.4.0', {}, w.ctx)).rejects.toThrow(/refused/);
    const entry = await setRemote(file, 'mf_player', '0.4.0', { mount: 'isolated' }, w.ctx);
    expect(entry).toMatchObject({ version: '0.4.0', mount: 'isolated' });
    expect(w.log.join('\n')).toMatch(
      /mf_player: mounted isolated, so its own shared copies run: it requires react \^20\.0\.0/,
    );
    // Isolation escapes shared ranges only: a missing screen is still refused.
    w.files.set(
      `${STORE}/mf-player/0.5.0/mf-manifest.json`,
      JSON.stringify({
        ...manifestFor('mf_player', '0.5.0', { react: '^20.0.0' }),
        exposes: [{ name: 'lifecycles' }],
      }),
    );
    await expect(
      setRemote(file, 'mf_player', '0.5.0', { mount: 'isolated' }, w.ctx),
    ).rejects.toThrow(/Watch/);
  });

  it('refuses an unreachable manifest, an old API, and an entry changed since it was deployed', async () => {
    const w = world();
    const file = writeDoc();
    await expect(setRemote(file, 'mf_player', '9.9.9', {}, w.ctx)).rejects.toThrow(/HTTP 404/);

    const base = w.put('0.5.0');
    w.files.set(`${base}/remoteEntry.js`, 'tampered');
    await expect(setRemote(file, 'mf_player', '0.5.0', {}, w.ctx)).rejects.toThrow(
      /does not match what was deployed/,
    );

    w.put('0.6.0');
    w.files.set('http://api.test/v1/openapi.json', JSON.stringify({ info: { version: '2.0.0' } }));
    await expect(setRemote(file, 'mf_player', '0.6.0', {}, w.ctx)).rejects.toThrow(
      /built against API contract 1.0.0; the environment's API serves 2.0.0/,
    );
    await expect(setRemote(file, 'mf_nothing', '0.6.0', {}, w.ctx)).rejects.toThrow(/not a remote/);
    expect(read(file).history).toBeUndefined();
  });
});

describe('deploy', () => {
  function fakeBuild(remote = 'mf_player') {
    const out = path.join(dir, 'out');
    mkdirSync(out);
    writeFileSync(path.join(out, 'mf-manifest.json'), JSON.stringify(manifestFor(remote, '0.1.0')));
    writeFileSync(path.join(out, 'remoteEntry.js'), 'var mf_player = {};');
    return out;
  }
  const info = {
    remote: 'mf_player',
    version: '0.3.0',
    commit: 'abc123',
    builtAt: '2026-11-23T10:00:00.000Z',
    contractVersion: '1.0.0',
  };

  it('stamps build info into the manifest and the entry SHA-384 into deployment.json', () => {
    const out = fakeBuild();
    const d = stampBuild(out, info);
    expect(d.integrity).toBe(sriOf(Buffer.from('var mf_player = {};')));
    expect(d.integrity).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
    expect(read(path.join(out, 'mf-manifest.json')).metaData.buildInfo).toMatchObject({
      buildVersion: '0.3.0',
      commit: 'abc123',
      contractVersion: '1.0.0',
    });
    expect(read(path.join(out, 'deployment.json')).integrity).toBe(d.integrity);
  });

  it('refuses a build of another remote', () => {
    expect(() => stampBuild(fakeBuild('mf_catalog'), info)).toThrow(/for "mf_catalog"/);
  });

  it('publishes once and never overwrites a version', () => {
    const out = fakeBuild();
    const target = path.join(dir, 'store/mf-player/0.3.0');
    publish(out, target);
    expect(readdirSync(target)).toContain('remoteEntry.js');
    const again = fakeBuild();
    expect(() => publish(again, target)).toThrow(DeployError);
    expect(() => publish(again, target)).toThrow(/immutable/);
  });

  it('names the remotes it knows', () => {
    expect(remoteOf('mf-player')).toEqual({ name: 'mf_player', dir: 'mf-player' });
    expect(() => remoteOf('mf_nope')).toThrow(/not a remote/);
  });
});

/** @jest-environment node */
import {
  BuildStoreError,
  cacheControlOf,
  checkBuild,
  checkFilePath,
  contentTypeOf,
} from './build-store';
import { sampleBuild } from './test/sample-build';

const REMOTE = 'mf_player';

describe('checkBuild', () => {
  it('returns the deployment record with the integrity recomputed from the entry', () => {
    const { files, record } = sampleBuild(REMOTE, '1.2.0');
    expect(checkBuild(REMOTE, '1.2.0', files)).toEqual(record);
  });

  it('refuses a build whose recorded integrity is not its entry’s', () => {
    const { files } = sampleBuild(REMOTE, '1.2.0');
    const tampered = files.map((f) =>
      f.path === 'remoteEntry.js' ? { ...f, bytes: Buffer.from('evil()') } : f,
    );
    expect(() => checkBuild(REMOTE, '1.2.0', tampered)).toThrow(
      /records sha384-.* for remoteEntry\.js, but its bytes are sha384-/,
    );
  });

  it('refuses a build of another remote or version, or without its manifest', () => {
    const { files } = sampleBuild(REMOTE, '1.2.0');
    expect(() => checkBuild('mf_catalog', '1.2.0', files)).toThrow(/manifest is for "mf_player"/);
    expect(() => checkBuild(REMOTE, '1.3.0', files)).toThrow(
      /is for mf_player 1\.2\.0, not mf_player 1\.3\.0/,
    );
    expect(() =>
      checkBuild(
        REMOTE,
        '1.2.0',
        files.filter((f) => f.path !== 'mf-manifest.json'),
      ),
    ).toThrow('The build has no mf-manifest.json.');
  });

  it.each(['../escape.js', '/abs.js', 'a//b.js', '.hidden', 'a/../b.js', 'a\\b.js', ''])(
    'refuses the file path %j',
    (file) => expect(() => checkFilePath(file)).toThrow(BuildStoreError),
  );
});

describe('headers', () => {
  it('caches hashed files for ever and revalidates entry points', () => {
    expect(cacheControlOf('121.a1ca40de.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlOf('static/css/417.b1444617.css.map')).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const file of ['remoteEntry.js', 'mf-manifest.json', 'deployment.json', '@mf-types.zip'])
      expect(cacheControlOf(file)).toBe('no-cache');
  });

  it('names content types', () => {
    expect(contentTypeOf('a.js')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('a.CSS')).toBe('text/css; charset=utf-8');
    expect(contentTypeOf('x.woff2')).toBe('font/woff2');
    expect(contentTypeOf('LICENSE')).toBe('application/octet-stream');
  });
});

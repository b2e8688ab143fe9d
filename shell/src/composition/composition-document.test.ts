import {
  CompositionError,
  loadCompositionDocument,
  parseCompositionDocument,
  readInlineCompositionDocument,
} from '@streamflix/composition';
import local from '../../composition/local.json';
import staging from '../../composition/staging.json';

it('accepts the checked-in environment documents', () => {
  expect(parseCompositionDocument(local).remotes.mf_player.manifest).toBe(
    'http://localhost:3002/mf-manifest.json',
  );
  expect(parseCompositionDocument(staging).remotes.mf_checkout.mount).toBe('isolated');
});

it('names every problem of a broken document', () => {
  const broken = {
    environment: '',
    api: 'ftp://x',
    remotes: { mf_catalog: { manifest: 'not a url', version: 1 } },
  };
  expect(() => parseCompositionDocument(broken)).toThrow(CompositionError);
  try {
    parseCompositionDocument(broken);
  } catch (e) {
    const msg = (e as Error).message;
    expect(msg).toMatch(/environment/);
    expect(msg).toMatch(/"api"/);
    expect(msg).toMatch(/mf_catalog.*manifest/);
    expect(msg).toMatch(/mf_player" is missing/);
  }
  expect(() => parseCompositionDocument([])).toThrow(/not a JSON object/);
});

it('reports an unreachable or corrupt document clearly', async () => {
  const failing = (() => Promise.reject(new TypeError('down'))) as unknown as typeof fetch;
  await expect(loadCompositionDocument('/c.json', failing)).rejects.toThrow(/could not be fetched/);
  const respond = (status: number, json: () => Promise<unknown>) =>
    (() => Promise.resolve({ ok: status < 400, status, json })) as unknown as typeof fetch;
  const corrupt = respond(200, () => Promise.reject(new SyntaxError('Unexpected token')));
  await expect(loadCompositionDocument('/c.json', corrupt)).rejects.toThrow(/not valid JSON/);
  const missing = respond(404, () => Promise.resolve({}));
  await expect(loadCompositionDocument('/c.json', missing)).rejects.toThrow(/HTTP 404/);
});

it('reads integrity, fallback, store, shell and override origins, and refuses bad ones', () => {
  const sri = `sha384-${'A'.repeat(64)}`;
  const doc = parseCompositionDocument({
    ...local,
    store: 'http://localhost:5405/',
    shell: 'http://localhost:3000/mf-manifest.json',
    overrides: { allowedOrigins: ['http://localhost:5405/anything'] },
    remotes: {
      ...local.remotes,
      mf_player: {
        ...local.remotes.mf_player,
        integrity: sri,
        fallback: {
          manifest: 'http://localhost:5405/mf-player/0.1.0/mf-manifest.json',
          version: '0.1.0',
        },
      },
    },
  });
  expect(doc.store).toBe('http://localhost:5405');
  expect(doc.overrides?.allowedOrigins).toEqual(['http://localhost:5405']);
  expect(doc.remotes.mf_player.integrity).toBe(sri);
  expect(doc.remotes.mf_player.fallback?.version).toBe('0.1.0');
  expect(parseCompositionDocument(local).overrides).toBeUndefined();

  expect(() =>
    parseCompositionDocument({
      ...local,
      overrides: { allowedOrigins: ['javascript:alert(1)'] },
      remotes: {
        ...local.remotes,
        mf_player: { ...local.remotes.mf_player, integrity: 'md5-x', fallback: { version: '1' } },
      },
    }),
  ).toThrow(/mf_player": "integrity".*mf_player.fallback": "manifest".*"overrides.allowedOrigins"/);
});

it('reads a document the host inlined into index.html', () => {
  const doc = document.implementation.createHTMLDocument('x');
  const script = doc.createElement('script');
  script.id = 'sf-composition';
  script.type = 'application/json';
  script.textContent = JSON.stringify(local);
  doc.head.append(script);
  expect(readInlineCompositionDocument(doc)?.remotes.mf_catalog.manifest).toBe(
    'http://localhost:3001/mf-manifest.json',
  );
  script.textContent = '{broken';
  expect(() => readInlineCompositionDocument(doc)).toThrow(
    /inlined composition document is not valid JSON/,
  );
  expect(readInlineCompositionDocument(document.implementation.createHTMLDocument('y'))).toBeNull();
});

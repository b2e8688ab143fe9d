import { queryKey, titleKey } from './query-keys';

describe('the query-key factory', () => {
  it('keys by operation and variables, leaving out undefined ones', () => {
    expect(queryKey('GET /titles/{movieId}', { movieId: 't1', country: undefined })).toEqual([
      'GET /titles/{movieId}',
      { movieId: 't1' },
    ]);
    expect(queryKey('GET /plans')).toEqual(['GET /plans']);
  });

  it('keys a title by its id and the whole scope the API answers for', () => {
    expect(titleKey('t1', { country: 'FR', userId: 'u1' })).toEqual([
      'GET /titles/{movieId}',
      { movieId: 't1', country: 'FR', userId: 'u1' },
    ]);
    // A guest's title: no viewer in the key.
    expect(titleKey('t1', { country: 'US' })).toEqual([
      'GET /titles/{movieId}',
      { movieId: 't1', country: 'US' },
    ]);
  });

  it('gives one scope one key, however the scope object was spelled', () => {
    const a = titleKey('t1', { userId: 'u1' });
    const b = titleKey('t1', { country: undefined, userId: 'u1' });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('keeps scopes apart: another country or account is another entry', () => {
    const base = { country: 'FR', userId: 'u1' };
    const keys = [
      titleKey('t1', base),
      titleKey('t2', base),
      titleKey('t1', { ...base, country: 'DE' }),
      titleKey('t1', { ...base, country: undefined }),
      titleKey('t1', { ...base, userId: 'u2' }),
      titleKey('t1', { country: 'FR' }),
    ].map((k) => JSON.stringify(k));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('starts with the operation, so queryKey(op) invalidates every title entry', () => {
    expect(titleKey('t1', { country: 'FR' })[0]).toBe(queryKey('GET /titles/{movieId}')[0]);
  });
});

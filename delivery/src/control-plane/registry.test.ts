import path from 'node:path';
import { parseRegistry, readRegistry, REGISTRY_FILE } from './registry';

describe('ownership from the registry of remotes', () => {
  test("reads each remote's team from the repository's remotes.json", () => {
    expect(REGISTRY_FILE).toBe(path.resolve(__dirname, '../../../remotes.json'));
    const registry = readRegistry();
    expect(registry.ownerOf('mf_player')).toBe('player');
    expect(registry.ownerOf('mf_catalog')).toBe('catalog');
    expect(registry.ownerOf('mf_nobody')).toBeUndefined();
    expect(registry.teams).toEqual(
      expect.arrayContaining(['account', 'catalog', 'checkout', 'player']),
    );
  });

  test('a broken registry is refused with every problem named, never read as "nobody owns it"', () => {
    expect(() => parseRegistry({})).toThrow(/"remotes" must be a list/);
    expect(() =>
      parseRegistry({
        remotes: [
          { name: 'mf_a', team: 'a' },
          { name: 'mf_a', team: 'b' },
          { name: 'mf-b', team: 'b' },
          { name: 'mf_c' },
        ],
      }),
    ).toThrow(
      /remote "mf_a" is listed twice; remote #3: "name" must be a JavaScript identifier; remote #4: "team" must be/,
    );
    expect(() => readRegistry('/nonexistent/remotes.json')).toThrow(/could not be read/);
  });
});

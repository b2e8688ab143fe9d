import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pendingVersion } from './pending-version.cjs';

const tree = (changesets: Record<string, string>) => {
  const root = mkdtempSync(path.join(tmpdir(), 'pending-'));
  mkdirSync(path.join(root, '.changeset'));
  writeFileSync(path.join(root, '.changeset/README.md'), '# Changesets\n');
  for (const [file, text] of Object.entries(changesets))
    writeFileSync(path.join(root, '.changeset', file), text);
  return root;
};

test('the highest pending bump of the package applies; other packages and none leave it as it is', () => {
  const root = tree({
    'a.md': "---\n'@streamflix/shared': patch\n'api': major\n---\n\nA fix.\n",
    'b.md': '---\n"@streamflix/shared": minor\n---\n\nAn export.\n',
  });
  expect(pendingVersion(root, '@streamflix/shared', '1.0.3')).toBe('1.1.0');
  expect(pendingVersion(root, 'api', '0.2.0')).toBe('1.0.0');
  expect(pendingVersion(root, 'shell', '0.2.0')).toBe('0.2.0');
  expect(pendingVersion(tree({}), '@streamflix/shared', '1.0.0')).toBe('1.0.0');
});

import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pruneBackups } from './backup';

describe('backup retention (--keep)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'streamflix-keep-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('keeps the newest N complete backups and nothing else is touched', () => {
    const backup = (name: string, complete = true) => {
      mkdirSync(path.join(dir, name));
      if (complete) writeFileSync(path.join(dir, name, 'manifest.json'), '{}');
    };
    backup('streamflix-backup-20261120T020000Z');
    backup('streamflix-backup-20261121T020000Z');
    backup('streamflix-backup-20261122T020000Z');
    backup('streamflix-backup-20261122T020000Z-2');
    backup('streamflix-backup-20261122T020000Z-10');
    // Not ours to remove: one being written, one without a manifest, someone else's folder.
    backup('.streamflix-backup-20261101T020000Z.partial', false);
    backup('streamflix-backup-20261102T020000Z', false);
    backup('keep-me');

    const removed = pruneBackups(dir, 2).map((p) => path.basename(p));
    expect(removed).toEqual([
      'streamflix-backup-20261120T020000Z',
      'streamflix-backup-20261121T020000Z',
      'streamflix-backup-20261122T020000Z',
    ]);
    expect(readdirSync(dir).sort()).toEqual([
      '.streamflix-backup-20261101T020000Z.partial',
      'keep-me',
      'streamflix-backup-20261102T020000Z',
      'streamflix-backup-20261122T020000Z-10',
      'streamflix-backup-20261122T020000Z-2',
    ]);
    expect(existsSync(path.join(dir, 'keep-me'))).toBe(true);
  });
});

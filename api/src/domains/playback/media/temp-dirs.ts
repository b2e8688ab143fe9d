import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * Generation writes into `.tmp-<name>-<pid>-<time>` beside its destination and renames it into
 * place, so readers never see half a clip. The pid in the name tells whose it is.
 */
export function tempDirFor(parent: string, name: string): string {
  return path.join(parent, `.tmp-${name}-${process.pid}-${Date.now()}`);
}

/** Deletes the temp directories of processes that died mid-generation (live ones are still writing). */
export function removeAbandonedTempDirs(parent: string): void {
  for (const name of readdirSync(parent)) {
    const m = /^\.tmp-[\w-]+?-(\d+)-\d+$/.exec(name);
    if (!m) continue;
    if (isProcessAlive(Number(m[1]))) continue;
    rmSync(path.join(parent, name), { recursive: true, force: true });
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

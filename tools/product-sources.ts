import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readRegistry } from './remotes.cjs';

export const ROOT = path.resolve(__dirname, '..');

/** What the viewer's browser runs: the shared package, the shell and every remote of remotes.json. */
export const PRODUCT_DIRS = ['shared', 'shell', ...readRegistry().map((r) => r.dir)].map(
  (dir) => `${dir}/src/`,
);

const TEST = /\.(?:test|spec)\.[jt]sx?$|\/test\/|\/__tests__\//;

/** Product source files of the given extensions (tests excluded), as git lists them. */
export function productSources(ext: RegExp): Array<{ file: string; text: string }> {
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...PRODUCT_DIRS],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return listed
    .split('\0')
    .filter((file) => ext.test(file) && !TEST.test(file) && existsSync(path.join(ROOT, file)))
    .map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }));
}

/**
 * The text with its comments blanked (kept line numbers): block and JSX comments, and `//` line
 * comments that start a line or follow a space (so `https://` in a string stays).
 */
export function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .replace(/(^|\s)\/\/.*$/gm, (_, before: string) => before);
}

/** 1-based line of an offset. */
export const lineOf = (text: string, offset: number): number =>
  text.slice(0, offset).split('\n').length;

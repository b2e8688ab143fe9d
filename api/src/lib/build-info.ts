import { readFileSync } from 'node:fs';
import path from 'node:path';

/** This build's version (api/package.json), for health answers and the build_info metric. */
export const API_PACKAGE_VERSION = (
  JSON.parse(readFileSync(path.resolve(__dirname, '..', '..', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;

import type { BuildFile } from '../../build-store/build-store';

/** The body of PUT /v1/remotes/{remote}/versions/{version} for a build's files. */
export const uploadBody = (files: BuildFile[], extra: Record<string, unknown> = {}) => ({
  files: files.map((f) => ({ path: f.path, content: f.bytes.toString('base64') })),
  ...extra,
});

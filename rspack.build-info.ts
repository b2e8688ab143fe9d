import path from 'node:path';
import { readFileSync } from 'node:fs';
import { rspack, type Compiler } from '@rspack/core';

/** The API contract version this checkout's remotes are built against (the gate compares it). */
function contractVersion(): string {
  const file = path.join(__dirname, 'shared/src/contract/openapi.json');
  try {
    return (
      (JSON.parse(readFileSync(file, 'utf8')) as { info?: { version?: string } }).info?.version ??
      ''
    );
  } catch {
    return '';
  }
}

/**
 * A remote's mf-manifest.json carries its commit and the API contract version it was built
 * against in `metaData.buildInfo` (the shell's /versions page and the compose gate read them).
 * The deploy command stamps them again with the rest of the build info; this covers every
 * other build (npm start, the e2e builds), so any build can be composed through the gate.
 */
export function stampBuildInfo(commit: string, types?: string) {
  return {
    apply(compiler: Compiler) {
      compiler.hooks.thisCompilation.tap('streamflix-build-info', (compilation) => {
        compilation.hooks.processAssets.tap(
          { name: 'streamflix-build-info', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
          () => {
            const asset = compilation.getAsset('mf-manifest.json');
            if (!asset) return;
            const manifest = JSON.parse(String(asset.source.source())) as {
              metaData?: { buildInfo?: Record<string, unknown> };
            };
            if (!manifest.metaData) return;
            const contract = contractVersion();
            // Where the build's declarations are published (emitTypes below).
            if (types)
              (manifest.metaData as Record<string, unknown>).types = {
                path: types,
                name: 'files.json',
                api: '',
                zip: '',
              };
            manifest.metaData.buildInfo = {
              ...manifest.metaData.buildInfo,
              ...(commit ? { commit } : {}),
              ...(contract ? { contractVersion: contract } : {}),
            };
            compilation.updateAsset(
              'mf-manifest.json',
              new rspack.sources.RawSource(JSON.stringify(manifest, null, 2)),
            );
          },
        );
      });
    },
  };
}

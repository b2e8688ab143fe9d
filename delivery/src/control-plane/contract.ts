/**
 * The control plane's OpenAPI document, generated from its route schemas and checked in beside them
 * (openapi.json): `npm run control-plane:contract -w @streamflix/delivery` after changing a schema.
 * The tests check that the file is what the server generates, and every answer they get against it.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { FolderStore } from '../build-store/folder-store';
import { buildControlPlane } from './app';
import { RemoteRegistry } from './registry';

export const OPENAPI_FILE = path.join(__dirname, 'openapi.json');

type Json = Record<string, unknown>;

export async function generateOpenApiDocument(): Promise<Json> {
  // The document does not depend on the registry or the data: an empty one of each.
  const app = await buildControlPlane({
    dataDir: ':memory:',
    registry: new RemoteRegistry([]),
    builds: new FolderStore(path.join(__dirname, 'unused'), 'http://localhost/builds'),
  });
  try {
    await app.ready();
    return JSON.parse(JSON.stringify(app.swagger())) as Json;
  } finally {
    await app.close();
  }
}

export const serialiseDocument = (doc: Json): string => `${JSON.stringify(doc, null, 2)}\n`;

if (require.main === module) {
  generateOpenApiDocument().then(
    (doc) => {
      writeFileSync(OPENAPI_FILE, serialiseDocument(doc));
      console.log(`Wrote ${path.relative(process.cwd(), OPENAPI_FILE)}.`);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}

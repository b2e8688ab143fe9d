import { mkdirSync, writeFileSync } from 'node:fs';
import {
  CONTRACT_DIR,
  OPENAPI_FILE,
  TYPES_FILE,
  generateOpenApiDocument,
  generateTypes,
  serialiseDocument,
} from '../src/contract/contract-generator';

async function main(): Promise<void> {
  const doc = await generateOpenApiDocument();
  mkdirSync(CONTRACT_DIR, { recursive: true });
  writeFileSync(OPENAPI_FILE, serialiseDocument(doc));
  writeFileSync(TYPES_FILE, generateTypes(doc));
  const operations = Object.values(doc.paths as Record<string, object>).reduce(
    (n, p) => n + Object.keys(p).length,
    0,
  );
  console.log(`Wrote ${OPENAPI_FILE} and ${TYPES_FILE} (${operations} operations).`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

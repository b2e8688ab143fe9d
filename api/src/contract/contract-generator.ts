/**
 * Produces the contract the shared package checks in: the OpenAPI document the
 * server generates from its route schemas, and TypeScript types derived from it.
 * A hand-rolled JSON-Schema-to-TypeScript pass is enough for the keywords TypeBox emits.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';

export const CONTRACT_DIR = path.resolve(__dirname, '..', '..', '..', 'shared', 'src', 'contract');
export const OPENAPI_FILE = path.join(CONTRACT_DIR, 'openapi.json');
export const TYPES_FILE = path.join(CONTRACT_DIR, 'api-types.ts');

type Schema = Record<string, any>;

export async function generateOpenApiDocument(): Promise<Schema> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'streamflix-contract-'));
  const app = await buildApp({
    dataDir,
    dbFile: ':memory:',
    jwtSecret: 'contract-generation-only',
    development: true,
    devRoutes: true,
  });
  try {
    await app.ready();
    return JSON.parse(JSON.stringify(app.swagger())) as Schema;
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const serialiseDocument = (doc: Schema): string => `${JSON.stringify(doc, null, 2)}\n`;

const IDENT = /^[A-Za-z_$][\w$]*$/;
const propKey = (k: string) => (IDENT.test(k) ? k : JSON.stringify(k));
const pascal = (s: string) =>
  s.replace(/(^|[^A-Za-z0-9])([A-Za-z0-9])/g, (_m, _p, c: string) => c.toUpperCase());

function comment(schema: Schema, pad: string): string {
  const text = schema.description as string | undefined;
  return text ? `${pad}/** ${text.replace(/\*\//g, '*\\/')} */\n` : '';
}

const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null;

class TypeWriter {
  readonly named = new Map<string, string>();

  ts(schema: Schema | undefined, pad = ''): string {
    if (!schema || Object.keys(schema).length === 0) return 'unknown';
    if (typeof schema.title === 'string' && IDENT.test(pascal(schema.title))) {
      const name = pascal(schema.title);
      if (!this.named.has(name)) {
        this.named.set(name, ''); // reserve first: recursive shapes terminate
        const { title: _t, ...rest } = schema;
        this.named.set(name, this.ts(rest, ''));
      }
      return name;
    }
    if ('const' in schema) return JSON.stringify(schema.const);
    if (Array.isArray(schema.enum))
      return schema.enum.map((v: unknown) => JSON.stringify(v)).join(' | ');
    if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) {
      const parts: string[] = (schema.anyOf ?? schema.oneOf).map((s: Schema) => this.ts(s, pad));
      return [...new Set(parts)]
        .map((p) => (p.includes('\n') || !p.includes(' | ') ? p : `(${p})`))
        .join(' | ');
    }
    if (Array.isArray(schema.allOf))
      return schema.allOf.map((s: Schema) => this.ts(s, pad)).join(' & ');
    if (Array.isArray(schema.type))
      return schema.type.map((t: string) => this.ts({ ...schema, type: t }, pad)).join(' | ');
    switch (schema.type) {
      case 'string':
        return 'string';
      case 'integer':
      case 'number':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'null':
        return 'null';
      case 'array': {
        const item = this.ts(schema.items, pad);
        return /^[\w.]+$/.test(item) ? `${item}[]` : `Array<${item}>`;
      }
      case 'object':
        return this.object(schema, pad);
      default:
        return schema.properties ? this.object(schema, pad) : 'unknown';
    }
  }

  private object(schema: Schema, pad: string): string {
    const props = Object.entries((schema.properties ?? {}) as Record<string, Schema>);
    const required = new Set<string>(schema.required ?? []);
    const inner = `${pad}  `;
    const lines = props.map(
      ([k, s]) =>
        `${comment(s, inner)}${inner}${propKey(k)}${required.has(k) ? '' : '?'}: ${this.ts(s, inner)};`,
    );
    const extra = schema.additionalProperties;
    // `{ not: {} }` (TypeBox's Never) refuses every other property, like `false`, but past ajv's
    // removeAdditional: the request is refused instead of trimmed.
    const closed =
      extra === false || (isObject(extra) && isObject(extra.not) && !Object.keys(extra.not).length);
    if (isObject(extra) && !closed) lines.push(`${inner}[key: string]: ${this.ts(extra, inner)};`);
    else if (extra === true || (props.length === 0 && !closed))
      lines.push(`${inner}[key: string]: unknown;`);
    return lines.length ? `{\n${lines.join('\n')}\n${pad}}` : 'Record<string, never>';
  }
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export function generateTypes(doc: Schema): string {
  const w = new TypeWriter();
  const ops: string[] = [];
  for (const [route, item] of Object.entries(doc.paths as Record<string, Schema>)) {
    for (const method of METHODS) {
      const op = item[method] as Schema | undefined;
      if (!op) continue;
      const key = `${method.toUpperCase()} ${route.replace(/^\/v1/, '')}`;
      const params = (op.parameters ?? []) as Schema[];
      const group = (where: string) => {
        const ps = params.filter((p) => p.in === where);
        if (!ps.length) return 'never';
        return w.ts(
          {
            type: 'object',
            properties: Object.fromEntries(
              ps.map((p) => [
                p.name,
                { ...p.schema, ...(p.description ? { description: p.description } : {}) },
              ]),
            ),
            required: ps.filter((p) => p.required).map((p) => p.name),
          },
          '    ',
        );
      };
      const bodySchema = op.requestBody?.content?.['application/json']?.schema as
        Schema | undefined;
      const success = Object.entries((op.responses ?? {}) as Record<string, Schema>).find(
        ([code]) => /^2\d\d$/.test(code),
      );
      const okSchema = success?.[1]?.content?.['application/json']?.schema as Schema | undefined;
      const data = okSchema?.properties?.data as Schema | undefined;
      ops.push(
        `${comment({ description: [op.summary, op.description].filter(Boolean).join('. ') }, '  ')}` +
          `  ${JSON.stringify(key)}: {\n` +
          `    params: ${group('path')};\n` +
          `    query: ${group('query')};\n` +
          `    body: ${bodySchema ? w.ts(bodySchema, '    ') : 'never'};\n` +
          `    /** The envelope's data on success. */\n` +
          `    data: ${data ? w.ts(data, '    ') : 'never'};\n` +
          `    auth: ${op.security ? "'bearer'" : "'none' | 'optional'"};\n` +
          `  };`,
      );
    }
  }
  const named = [...w.named.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, body]) => `export type ${name} = ${body};`);
  return [
    "// Generated by `npm run contract -w api` from the server's route schemas. Do not edit by hand:",
    '// api/src/contract/contract.test.ts fails when this file and the server drift apart.',
    '',
    '/** Every response: status true with data, or status false with a message (and per-field errors). */',
    'export type ApiEnvelope<T> =',
    '  | { status: true; message: string; data: T }',
    '  | { status: false; message: string; errors?: Record<string, string> };',
    '',
    ...named.flatMap((n) => [n, '']),
    '/** Keyed by "METHOD /path" relative to the /v1 base. */',
    'export interface ApiOperations {',
    ops.join('\n'),
    '}',
    '',
    'export type OperationKey = keyof ApiOperations;',
    "export type ApiData<K extends OperationKey> = ApiOperations[K]['data'];",
    "export type ApiBody<K extends OperationKey> = ApiOperations[K]['body'];",
    "export type ApiQuery<K extends OperationKey> = ApiOperations[K]['query'];",
    "export type ApiParams<K extends OperationKey> = ApiOperations[K]['params'];",
    '',
  ].join('\n');
}

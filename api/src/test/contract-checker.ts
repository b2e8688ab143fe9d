import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { OPENAPI_FILE } from '../contract/contract-generator';

/**
 * Checks answers against the checked-in OpenAPI document (shared/src/contract/openapi.json) with a
 * validator of its own: Ajv over the document's response schemas, not Fastify's serialiser
 * (fast-json-stringify writes what a schema describes but never checks formats, patterns, enums or
 * lengths, and any code may be sent). The test app runs every injected request through it
 * (test-app.ts), so each API test also proves its answers are what the contract promises.
 */
export interface Answer {
  method: string;
  /** The request's URL, query included. */
  url: string;
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** The bytes on the wire (compressed when the answer was). */
  rawPayload: Buffer;
}

// The OpenAPI document as JSON, walked keyword by keyword.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

interface Operation {
  path: string;
  pattern: RegExp;
  /** Literal characters of the template: the more, the more specific (static segments win, as in routers). */
  literal: number;
  methods: Record<string, Json>;
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class ContractChecker {
  private readonly operations: Operation[];
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(readonly document: Json) {
    addFormats(this.ajv);
    this.operations = Object.entries(document.paths as Record<string, Json>).map(
      ([path, item]) => ({
        path,
        pattern: new RegExp(
          `^${path
            .split(/(\{[^}]+\})/)
            .map((part) => (part.startsWith('{') ? '([^/]+)' : escape(part)))
            .join('')}$`,
        ),
        literal: path.replace(/\{[^}]+\}/g, '').length,
        methods: Object.fromEntries(Object.entries(item).filter(([m]) => HTTP_METHODS.has(m))),
      }),
    );
  }

  static fromCheckedInDocument(): ContractChecker {
    return new ContractChecker(JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as Json);
  }

  /**
   * What is wrong with this answer, or null when it is what the document promises. Paths the document
   * does not describe (media, artwork, development routes, unknown paths) are not its to judge.
   */
  check(answer: Answer): string | null {
    const path = answer.url.split('?')[0]!;
    const method = answer.method.toLowerCase();
    // Fastify answers HEAD with the GET route, without a body.
    const documented = method === 'head' ? 'get' : method;
    const operation = this.operations
      .filter((o) => o.pattern.test(path) && o.methods[documented])
      .sort((a, b) => b.literal - a.literal)[0];
    if (!operation) return null;
    const name = `${documented.toUpperCase()} ${operation.path}`;
    const responses = operation.methods[documented]!.responses as Record<string, Json>;
    const code = String(answer.statusCode);
    const key = [code, `${code[0]}XX`, `${code[0]}xx`, 'default'].find((k) => responses[k]);
    if (!key)
      return `${name} answered ${code}, which the document does not list (it lists ${Object.keys(responses).join(', ')})`;
    const content = responses[key]!.content as Record<string, Json> | undefined;
    const body = decode(answer);
    if (method === 'head' || body.length === 0) {
      return content && answer.statusCode !== 204 && method !== 'head'
        ? `${name} answered ${code} without a body; the document promises ${Object.keys(content).join(', ')}`
        : null;
    }
    const type = String(answer.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase();
    const media = content?.[type];
    if (!media)
      return `${name} answered ${code} as ${type || 'no content type'}; the document lists ${content ? Object.keys(content).join(', ') : 'no body'}`;
    if (!/[/+]json$/.test(type) || !media.schema) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      return `${name} answered ${code} with a body that is not JSON`;
    }
    const validate = this.validator(`${name} ${key} ${type}`, media.schema as Json);
    if (validate(parsed)) return null;
    const problems = (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || '(body)'} ${e.message}${paramsOf(e.params)}`);
    return `${name} answered ${code} with a body the document's ${key} schema refuses: ${problems.join('; ')}`;
  }

  private validator(id: string, schema: Json): ValidateFunction {
    let validate = this.compiled.get(id);
    if (!validate) {
      validate = this.ajv.compile(schema);
      this.compiled.set(id, validate);
    }
    return validate;
  }
}

function paramsOf(params: Record<string, unknown>): string {
  const shown = Object.entries(params).filter(([, v]) => typeof v !== 'object');
  return shown.length ? ` (${shown.map(([k, v]) => `${k}: ${String(v)}`).join(', ')})` : '';
}

function decode(answer: Answer): Buffer {
  const encoding = String(answer.headers['content-encoding'] ?? '');
  if (encoding === 'br') return brotliDecompressSync(answer.rawPayload);
  if (encoding === 'gzip') return gunzipSync(answer.rawPayload);
  if (encoding === 'deflate') return inflateSync(answer.rawPayload);
  return answer.rawPayload;
}

let shared: ContractChecker | undefined;
const violations: string[] = [];

/** Checks an answer against the checked-in document, remembering what is wrong with it. */
export function recordAnswer(answer: Answer): void {
  shared ??= ContractChecker.fromCheckedInDocument();
  const problem = shared.check(answer);
  if (problem) violations.push(problem);
}

/** The violations recorded since the last call, forgotten as they are handed over. */
export function takeContractViolations(): string[] {
  return violations.splice(0);
}

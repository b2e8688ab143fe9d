import { readFileSync } from 'node:fs';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { OPENAPI_FILE } from '../contract';

/**
 * Checks the control plane's answers against its checked-in OpenAPI document with a validator of its
 * own (Ajv over the document's response schemas, not Fastify's serialiser, which writes what a schema
 * describes without checking it): the approach of the product API's api/src/test/contract-checker.ts,
 * for a smaller document (JSON only, no compression).
 */
export interface Answer {
  method: string;
  url: string;
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

// The OpenAPI document as JSON, walked keyword by keyword.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class ContractChecker {
  private readonly operations: Array<{
    path: string;
    pattern: RegExp;
    literal: number;
    methods: Record<string, Json>;
  }>;
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

  /** What is wrong with this answer, or null. Paths the document does not describe are not its to judge. */
  check(answer: Answer): string | null {
    const path = answer.url.split('?')[0]!;
    const method = answer.method.toLowerCase();
    const operation = this.operations
      .filter((o) => o.pattern.test(path) && o.methods[method])
      .sort((a, b) => b.literal - a.literal)[0];
    if (!operation) return null;
    const name = `${method.toUpperCase()} ${operation.path}`;
    const responses = operation.methods[method]!.responses as Record<string, Json>;
    const code = String(answer.statusCode);
    const key = [code, `${code[0]}XX`, `${code[0]}xx`, 'default'].find((k) => responses[k]);
    if (!key)
      return `${name} answered ${code}, which the document does not list (it lists ${Object.keys(responses).join(', ')})`;
    const content = responses[key]!.content as Record<string, Json> | undefined;
    if (answer.body.length === 0)
      return content
        ? `${name} answered ${code} without a body; the document promises ${Object.keys(content).join(', ')}`
        : null;
    const type = String(answer.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase();
    const media = content?.[type];
    if (!media)
      return `${name} answered ${code} as ${type || 'no content type'}; the document lists ${content ? Object.keys(content).join(', ') : 'no body'}`;
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.body);
    } catch {
      return `${name} answered ${code} with a body that is not JSON`;
    }
    const id = `${name} ${key} ${type}`;
    let validate = this.compiled.get(id);
    if (!validate) {
      validate = this.ajv.compile(media.schema as Json);
      this.compiled.set(id, validate);
    }
    if (validate(parsed)) return null;
    const problems = (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || '(body)'} ${e.message}`);
    return `${name} answered ${code} with a body the document's ${key} schema refuses: ${problems.join('; ')}`;
  }
}

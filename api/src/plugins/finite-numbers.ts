import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/http-errors';

type Part = 'query' | 'params' | 'body';

function nonFinitePath(value: unknown, path: string, depth: number): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : path;
  if (depth > 4 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = nonFinitePath(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Ajv coerces the query string "Infinity" (or "1e309") to Infinity and then skips minimum and
 * maximum, which only apply to finite numbers; the value then reaches the database as a page
 * number. Checked once here, after validation, for every route, rather than in each schema.
 */
export function registerFiniteNumbers(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    for (const part of ['query', 'params', 'body'] as Part[]) {
      const field = nonFinitePath(request[part], '', 0);
      if (field !== null) {
        const where = part === 'query' ? 'query' : part === 'params' ? 'path' : 'body';
        throw badRequest(`Invalid ${where}: ${field || part} must be a finite number.`, {
          [field || part]: 'must be a finite number',
        });
      }
    }
  });
}

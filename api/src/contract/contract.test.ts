import { readFileSync } from 'node:fs';
import {
  OPENAPI_FILE,
  TYPES_FILE,
  generateOpenApiDocument,
  generateTypes,
  serialiseDocument,
} from './contract-generator';
import { PATH_ORDER, orderPaths } from './path-order';

describe('the checked-in contract (shared/src/contract)', () => {
  let doc: Record<string, any>;
  beforeAll(async () => {
    doc = await generateOpenApiDocument();
  });

  test('openapi.json matches what the server generates (run `npm run contract -w api` after changing a schema)', () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(serialiseDocument(doc));
  });

  test('api-types.ts matches the document', () => {
    expect(readFileSync(TYPES_FILE, 'utf8')).toBe(generateTypes(doc));
  });

  test('the paths follow the declared order (path-order.ts), which lists each documented path once', () => {
    expect(Object.keys(doc.paths)).toEqual(PATH_ORDER);
    expect(new Set(PATH_ORDER).size).toBe(PATH_ORDER.length);
  });

  test('a path not declared yet keeps its registration order after the declared ones', () => {
    const ordered = orderPaths({
      '/v1/new-b': 1,
      '/v1/health': 2,
      '/v1/new-a': 3,
      '/v1/auth/login': 4,
    });
    expect(Object.keys(ordered)).toEqual([
      '/v1/auth/login',
      '/v1/health',
      '/v1/new-b',
      '/v1/new-a',
    ]);
  });

  test('every call of spec §7 is in the contract with its exact path and method', () => {
    const spec: Array<[string, string]> = [
      ['post', '/auth/verify-email'],
      ['get', '/users/{id}'],
      ['post', '/users/uploadImages'],
      ['post', '/users/changePassword.{id}'],
      ['get', '/notifications'],
      ['get', '/genres'],
      ['post', '/users/uploadGenre/{id}'],
      ['put', '/users/uploadGenre/{id}'],
      ['post', '/users/dashboard'],
      ['get', '/users/favourite/{id}'],
      ['post', '/users/favourite/{id}'],
      ['patch', '/users/favourite/{id}'],
      ['get', '/titles/search/search'],
      ['get', '/titles/search'],
      ['post', '/titles/search'],
      ['get', '/titles/{movieId}'],
      ['post', '/titles/createLog/{id}'],
      ['post', '/log-report'],
      ['get', '/categorys/details-test/{catName}'],
      ['patch', '/users/{id}'],
      ['patch', '/users/notificationSettings/{id}'],
      ['post', '/auth/login'],
      ['post', '/auth/register'],
      ['post', '/auth/socialLogin'],
      ['post', '/auth/logout'],
      ['post', '/auth/logout-all'],
      ['get', '/users/subscription/manage'],
      ['post', '/users/cancel-web-subscription'],
      ['get', '/cms/privacy-policy'],
      ['post', '/users/changePassword/{id}'],
      ['post', '/cms/marketing'],
    ];
    const missing = spec.filter(([method, path]) => !doc.paths[`/v1${path}`]?.[method]);
    expect(missing).toEqual([]);
  });

  test('every operation documents its success envelope and the error envelope', () => {
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(item)) {
        if (path.endsWith('/stream') || path.includes('/artwork/')) continue;
        const codes = Object.keys(op.responses ?? {});
        expect([`${method} ${path}`, codes.some((c) => /^2\d\d$/.test(c))]).toEqual([
          `${method} ${path}`,
          true,
        ]);
        expect([`${method} ${path}`, codes.includes('4XX')]).toEqual([`${method} ${path}`, true]);
      }
    }
  });
});

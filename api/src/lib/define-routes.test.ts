import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifySchema } from 'fastify';
import { Type } from 'typebox';
import { registerErrorHandling } from '../plugins/error-handler';
import { IdParams } from './common-schemas';
import type { AppContext } from './app-context';
import { defineRoutes } from './define-routes';

/** A bare Fastify app with one module, and the schema each route was registered with. */
async function appWith(plugin: ReturnType<typeof defineRoutes>) {
  const app = Fastify().withTypeProvider<TypeBoxTypeProvider>();
  app.decorateRequest('auth', null);
  registerErrorHandling(app);
  const schemas = new Map<string, FastifySchema | undefined>();
  app.addHook('onRoute', (route) => {
    schemas.set(`${String(route.method)} ${route.url}`, route.schema);
  });
  // These routes read nothing from the context.
  await app.register(plugin, { ctx: {} as AppContext });
  await app.ready();
  return { app, schemas };
}

const items = defineRoutes(['items'], (route) => {
  route.post('/items', {
    summary: 'Create an item',
    body: Type.Object({ name: Type.String() }),
    reply: Type.Object({ name: Type.String() }),
    status: 201,
    handler: async (request, auth) => ({
      message: auth ? 'Yours.' : 'Created.',
      data: { name: request.body.name },
    }),
  });
  route.get('/items/:id', {
    summary: "One of the caller's items",
    access: 'self',
    params: IdParams,
    handler: async (request) => ({ message: request.params.id }),
  });
});

test('wraps the answer in the success envelope with the declared status', async () => {
  const { app } = await appWith(items);
  const res = await app.inject({ method: 'POST', url: '/items', payload: { name: 'a' } });
  expect(res.statusCode).toBe(201);
  expect(res.json()).toEqual({ status: true, message: 'Created.', data: { name: 'a' } });
  await app.close();
});

test('documents the conventions: error envelope, bearer security only where access needs a token', async () => {
  const { app, schemas } = await appWith(items);
  const created = schemas.get('POST /items')!;
  expect(created).toMatchObject({ tags: ['items'], summary: 'Create an item' });
  expect(created).not.toHaveProperty('security');
  expect(Object.keys(created.response as object)).toEqual(['201', '4xx', '5xx']);
  const own = schemas.get('GET /items/:id')!;
  expect(own.security).toEqual([{ bearerAuth: [] }]);
  // Without `reply` the answer is { status, message }; any route may fail on the server's side.
  expect(Object.keys(own.response as object)).toEqual(['200', '4xx', '5xx']);
  await app.close();
});

test('refuses a route that asks for its own user but has no :id to check', async () => {
  const broken = defineRoutes(['items'], (route) => {
    route.get('/items', {
      summary: 'Mine',
      access: 'self',
      handler: async () => ({ message: '' }),
    });
  });
  await expect(appWith(broken)).rejects.toThrow('access "self" needs an :id path parameter');
});

test('a self route answers 401 to a guest before its handler runs', async () => {
  const { app } = await appWith(items);
  const res = await app.inject({ method: 'GET', url: '/items/u1' });
  expect(res.statusCode).toBe(401);
  expect(res.json()).toMatchObject({ status: false, message: 'Please sign in to continue.' });
  await app.close();
});

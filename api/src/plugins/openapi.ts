import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { orderPaths } from '../contract/path-order';

/**
 * The OpenAPI document, generated from the routes' schemas. Its paths follow the contract's order
 * (contract/path-order.ts), whatever order the domains register in, so the document stays the same
 * byte for byte when routes move between plugins. Served at /v1/openapi.json.
 */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'StreamFlix API',
        version,
        description:
          'The /v1 API of the streaming app. Every response is the envelope { status, message, data?, errors? }: ' +
          'status true on success; on failure HTTP 4xx/5xx with status false, a message for the viewer and, for ' +
          'invalid input, errors per field. A 503 carries Retry-After (seconds): the instance is overloaded, its database ' +
          'is briefly unreachable (a restart), or it cannot store writes (reads still work); try again after that long. ' +
          "Messages, emails, genre, category and plan names and titles' names and synopses are in the request's " +
          "language: the signed-in profile's, else the best match of Accept-Language (en, es, fr, de, pt-BR, ja, ar, he), " +
          'else English. JSON answers carry Content-Language and Vary: Accept-Language; codes and field names never change.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    // Media, artwork and the document itself aren't JSON API calls.
    hideUntagged: true,
    transformObject: (document) => {
      if (!('openapiObject' in document)) return document.swaggerObject;
      const doc = document.openapiObject;
      if (doc.paths) doc.paths = orderPaths(doc.paths);
      return doc;
    },
  });
  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

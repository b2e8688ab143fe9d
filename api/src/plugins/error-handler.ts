import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-errors';
import { SOURCE_LANGUAGE, type Language } from '../lib/i18n/languages';
import { localiseMessage, translate } from '../lib/i18n/messages';
import { requestLanguage } from './language';
import {
  databaseOutage,
  OUTAGE_RETRY_AFTER_SECONDS,
  READ_ONLY_RETRY_AFTER_SECONDS,
} from '../db/database-errors';

/** What a viewer reads while the database is away; no host, code or driver text leaves the server. */
export const DATABASE_UNREACHABLE_MESSAGE =
  'StreamFlix is briefly unavailable. Please try again in a few seconds.';
export const DATABASE_CANNOT_WRITE_MESSAGE =
  "We can't save changes right now. Browsing and watching still work; please try again later.";

function fieldName(instancePath: string, params: Record<string, unknown>): string {
  const missing = typeof params.missingProperty === 'string' ? params.missingProperty : null;
  const extra = typeof params.additionalProperty === 'string' ? params.additionalProperty : null;
  const base = instancePath.replace(/^\//, '').replace(/\//g, '.');
  const leaf = missing ?? extra;
  return leaf ? (base ? `${base}.${leaf}` : leaf) : base || 'body';
}

function humanise(
  message: string | undefined,
  params: Record<string, unknown>,
  language: Language,
): string {
  if (typeof params.missingProperty === 'string') return translate('validation.required', language);
  if (typeof params.additionalProperty === 'string')
    return translate('validation.notAllowed', language);
  if (params.format === 'email') return translate('validation.email', language);
  if (Array.isArray(params.allowedValues))
    return translate('validation.oneOf', language, { values: params.allowedValues.join(', ') });
  // Ajv's own sentence is English; another language gets the plain "is invalid" rather than a mix.
  return language === SOURCE_LANGUAGE && message
    ? message
    : translate('validation.invalid', language);
}

const WHERE = {
  body: 'validation.where.body',
  query: 'validation.where.query',
  params: 'validation.where.params',
  headers: 'validation.where.headers',
  request: 'validation.where.request',
} as const;

/**
 * Every failure leaves as the envelope: 4xx with a message the viewer can act on
 * and, for validation, one entry per field; 5xx never carries internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const language = requestLanguage(request);
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({
        status: false,
        message: localiseMessage(error.message, language),
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    const fe = error as FastifyError;
    if (fe.validation) {
      const errors: Record<string, string> = {};
      for (const v of fe.validation) {
        const field = fieldName(v.instancePath, (v.params ?? {}) as Record<string, unknown>);
        errors[field] ??= humanise(
          v.message,
          (v.params ?? {}) as Record<string, unknown>,
          language,
        );
      }
      const [first] = Object.entries(errors);
      const context =
        fe.validationContext === 'querystring' ? 'query' : (fe.validationContext ?? 'request');
      const whereKey = WHERE[context as keyof typeof WHERE];
      // English keeps Fastify's context word as it was ("Invalid body: ..."), an unknown one included.
      const where =
        language === SOURCE_LANGUAGE || !whereKey ? context : translate(whereKey, language);
      return reply.status(400).send({
        status: false,
        message: first
          ? translate('validation.summary', language, {
              where,
              field: first[0],
              problem: first[1],
            })
          : translate('validation.invalidRequest', language),
        errors,
      });
    }
    const status = fe.statusCode ?? 500;
    if (status < 500) {
      const message =
        fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (fe.name === 'SyntaxError' && status === 400)
          ? 'The request body is not valid JSON.'
          : fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'The request body is too large.'
            : fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'This content type is not supported here.'
              : fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
                ? 'The request body is empty but JSON was announced.'
                : fe.code === 'FST_REQ_FILE_TOO_LARGE'
                  ? 'That file is too large.'
                  : fe.message;
      return reply
        .status(status)
        .send({ status: false, message: localiseMessage(message, language) });
    }
    // A database outage is not a bug: every route answers it alike, with when to try again.
    const outage = databaseOutage(error);
    if (outage) {
      // Apps built without the context (route-definition tests) have no metrics to count in.
      if (app.hasDecorator('ctx')) app.ctx.metrics.databaseUnavailable.inc({ reason: outage });
      request.log.warn({ err: error, outage }, 'database unavailable: answered 503');
      const unreachable = outage === 'unreachable';
      return reply
        .status(503)
        .header(
          'retry-after',
          String(unreachable ? OUTAGE_RETRY_AFTER_SECONDS : READ_ONLY_RETRY_AFTER_SECONDS),
        )
        .send({
          status: false,
          message: localiseMessage(
            unreachable ? DATABASE_UNREACHABLE_MESSAGE : DATABASE_CANNOT_WRITE_MESSAGE,
            language,
          ),
        });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ status: false, message: translate('error.serverError', language) });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      status: false,
      message: translate('error.noEndpoint', requestLanguage(request), {
        method: request.method,
        path: request.url.split('?')[0]!,
      }),
    });
  });
}

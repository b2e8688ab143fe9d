import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../lib/i18n/languages';
import { SOURCE_LANGUAGE } from '../lib/i18n/languages';
import { localiseMessage } from '../lib/i18n/messages';
import { negotiateLanguage } from '../lib/i18n/negotiate';

const negotiated = new WeakMap<FastifyRequest, Language>();

/**
 * The language a request speaks (lib/i18n/negotiate.ts): its profile's, else Accept-Language's best
 * match, else English. Decided once per request, after the auth hook has found the profile; a request
 * refused before that (a bad token, an unknown URL) speaks its Accept-Language.
 */
export function requestLanguage(request: FastifyRequest): Language {
  let language = negotiated.get(request);
  if (!language) {
    language = negotiateLanguage({
      profileLanguage: request.auth?.language,
      acceptLanguage: request.headers['accept-language'],
    });
    negotiated.set(request, language);
  }
  return language;
}

export function addVary(reply: FastifyReply, header: string): void {
  const current = reply.getHeader('vary');
  const list = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (list.includes('*') || list.some((v) => v.toLowerCase() === header.toLowerCase())) return;
  reply.header('vary', [...list, header].join(', '));
}

/**
 * Every envelope (JSON) answer says which language it speaks and that it varies by Accept-Language,
 * so no cache (the browser's, a CDN's) hands one viewer's language to another. Media, playlists and
 * artwork speak none and are left alone: their ETags stay shared.
 */
export function registerLanguage(app: FastifyInstance): void {
  // A success envelope's message ("Profile saved.") in the request's language, as the error handler
  // does for failures: the catalogs' `ok.*` entries (lib/i18n/messages); an uncatalogued one stays.
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return payload;
    const message = (payload as { message?: unknown }).message;
    if (typeof message !== 'string') return payload;
    const language = requestLanguage(request);
    if (language === SOURCE_LANGUAGE) return payload;
    return { ...payload, message: localiseMessage(message, language) };
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (!/^application\/(?:[\w.+-]*\+)?json/.test(type)) return payload;
    reply.header('content-language', requestLanguage(request));
    addVary(reply, 'Accept-Language');
    return payload;
  });
}

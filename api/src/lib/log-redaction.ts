import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a credential, a one-time code or a signature. */
const SECRET_PARAMS =
  /^(access_token|refresh_token|id_token|token|ticket|code|password|secret|key|api_key|apikey|signature|sig|auth|authorization|session|sessionid)$/i;

/**
 * The URL with every credential-bearing query value replaced, so request logs
 * never hold something that could be replayed. Relative or absolute; a URL
 * that does not parse is logged as its path only.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const path = url.slice(0, q);
  const query = url.slice(q + 1);
  const hashAt = query.indexOf('#');
  const search = hashAt === -1 ? query : query.slice(0, hashAt);
  const redacted = search
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        return '[unparsable]';
      }
      return SECRET_PARAMS.test(name) && eq !== -1 ? `${rawName}=[redacted]` : pair;
    })
    .join('&');
  return `${path}?${redacted}`;
}

/** Fastify's default request serializer with the URL redacted. */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};

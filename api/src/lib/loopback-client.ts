import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * The machine itself, and nothing relayed. With a proxy configured (TRUST_PROXY), a loopback socket
 * is most likely that proxy relaying someone else, whether or not it adds forwarding headers, so
 * nothing counts as local then; without one, a request carrying forwarding headers is someone
 * else's too.
 */
export function isLoopbackClient(request: FastifyRequest, proxyConfigured: boolean): boolean {
  const socketAddress = request.socket.remoteAddress ?? '';
  return (
    !proxyConfigured &&
    LOOPBACK.test(socketAddress) &&
    request.headers['x-forwarded-for'] === undefined &&
    request.headers.forwarded === undefined
  );
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** `Authorization: Bearer <token>` equal to the expected one, compared in constant time. */
export function hasBearer(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return false;
  const sent = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  // Compared as digests: equal lengths, and the time taken says nothing about the token.
  return sent !== undefined && timingSafeEqual(digest(sent), digest(token));
}

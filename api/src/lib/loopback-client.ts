import type { FastifyRequest } from 'fastify';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * The machine itself, and nothing relayed: a reverse proxy on the same host connects from
 * loopback too, so a request carrying forwarding headers is someone else's.
 */
export function isLoopbackClient(request: FastifyRequest): boolean {
  const socketAddress = request.socket.remoteAddress ?? '';
  return (
    LOOPBACK.test(socketAddress) &&
    LOOPBACK.test(request.ip) &&
    request.headers['x-forwarded-for'] === undefined &&
    request.headers.forwarded === undefined
  );
}

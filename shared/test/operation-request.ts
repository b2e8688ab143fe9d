import { operationPath } from '../src/api/operation-client';
import type { OperationKey } from '../src/contract/api-types';

/**
 * For unit tests that mock `callOperation`: the request it would send, as
 * { method, url, params (the query), data (the body), kind }, so a test asserts
 * the wire request rather than how the fetcher spelled it.
 */
export function operationRequest(
  op: string,
  input: { params?: Record<string, string>; query?: object; body?: unknown; kind?: string } = {},
) {
  const request: Record<string, unknown> = {
    method: op.slice(0, op.indexOf(' ')),
    url: operationPath(op as OperationKey, input.params),
  };
  if (input.query !== undefined) request.params = input.query;
  if (input.body !== undefined) request.data = input.body;
  if (input.kind !== undefined) request.kind = input.kind;
  return request;
}

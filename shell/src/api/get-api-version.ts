/**
 * The contract version the API states in its OpenAPI document (`info.version`), for /versions.
 * The document is not an envelope call, so it is read with fetch rather than the shared client;
 * a refusal or an unreadable answer is an error that names the cause.
 */
export async function getApiVersion(apiOrigin: string, signal?: AbortSignal): Promise<string> {
  const res = await fetch(`${apiOrigin}/v1/openapi.json`, { signal });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const doc = (await res.json()) as { info?: { version?: unknown } };
  return typeof doc.info?.version === 'string' ? doc.info.version : 'not stated';
}

/**
 * The analysis's announcements (CONTROL_PLANE_WEBHOOK_URL): a JSON POST, retried a little with a
 * growing pause, never awaited by the analysis (a slow or dead receiver delays nothing) and logged
 * when it finally fails.
 */
export interface WebhookOptions {
  url: string | null;
  fetch?: typeof fetch;
  log: (line: string) => void;
  attempts?: number;
  /** The first pause between attempts (doubled each time). */
  backoffMs?: number;
  timeoutMs?: number;
}

export function notifyWebhook(options: WebhookOptions, event: object): Promise<boolean> {
  const { url, log } = options;
  if (!url) return Promise.resolve(false);
  const attempts = options.attempts ?? 3;
  const send = options.fetch ?? fetch;
  const body = JSON.stringify(event);
  const attempt = async (n: number): Promise<boolean> => {
    let problem: string;
    try {
      const res = await send(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'streamflix-control-plane' },
        body,
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      });
      await res.body?.cancel();
      if (res.ok) return true;
      problem = `HTTP ${res.status}`;
    } catch (err) {
      problem = err instanceof Error ? err.message : String(err);
    }
    if (n >= attempts) {
      log(`webhook ${url} failed after ${attempts} attempt(s): ${problem}`);
      return false;
    }
    await new Promise((r) => setTimeout(r, (options.backoffMs ?? 500) * 2 ** (n - 1)));
    return attempt(n + 1);
  };
  return attempt(1).catch(() => false);
}

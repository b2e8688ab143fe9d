/**
 * A team pipeline's side of the control plane (DELIVERY_URL, DELIVERY_TOKEN): read an environment,
 * and move a remote by compare-and-swap, re-running the caller's gate on the new revision after every
 * 409 until the write lands or the gate refuses. For the compose CLI to act through (issue 33, part 7).
 */
import type { AnalysisSpec, SignalSummary } from './signals/signal-schemas';
import type { Static } from 'typebox';
import type { DeployedVersion, DeployResult } from './build-schemas';
import type { PreviewBody, PreviewLink } from './preview-schemas';
import type { AuditRow, EnvironmentView, RemoteEntry } from './schemas';

export type PreviewLinkView = Static<typeof PreviewLink>;

export type DeployedVersionView = Static<typeof DeployedVersion>;
export type DeployResultView = Static<typeof DeployResult>;

export class ControlPlaneError extends Error {
  override name = 'ControlPlaneError';
  constructor(
    message: string,
    readonly status: number,
    readonly body?: { error?: string; currentRevision?: number; owner?: string },
  ) {
    super(message);
  }
}

/** What the caller's gate decided for the environment as it now is. */
export interface GatedEdit {
  entry: RemoteEntry;
  /** The gate's report, kept in the audit. */
  gate?: Record<string, unknown>;
  action?: 'set' | 'rollback';
}

export type CanaryOperation = 'start' | 'promote' | 'abort';

/** A canary edit's body (without ifRevision and ciRun, which the client adds). */
export type CanaryEdit =
  | {
      entry: Omit<RemoteEntry, 'fallback' | 'canary'>;
      percent: number;
      gate?: Record<string, unknown>;
      analysis?: AnalysisSpec;
    }
  | { percent: number }
  | Record<string, never>;

export interface ControlPlaneClientOptions {
  url: string;
  token: string;
  /** Stops an edit that keeps losing races (each attempt re-reads and re-gates). */
  maxAttempts?: number;
  /** Retries of a request answered 503 (database or store unreachable), after its Retry-After. */
  unavailableRetries?: number;
  /** How a retry waits (tests pass one that does not). */
  sleep?: (ms: number) => Promise<void>;
  ciRun?: string;
  fetch?: typeof fetch;
}

export class ControlPlaneClient {
  private readonly base: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: ControlPlaneClientOptions) {
    this.base = `${options.url.replace(/\/+$/, '')}/v1`;
    this.fetch = options.fetch ?? fetch;
  }

  getEnvironment(environment: string): Promise<EnvironmentView> {
    return this.call('GET', `/environments/${encodeURIComponent(environment)}`);
  }

  /** Who the token speaks for (401 for a token that may not act). */
  session(): Promise<{ tokenId: string; team: string | null; environmentOwner: string | null }> {
    return this.call('GET', '/session');
  }

  /** Uploads a stamped build (every file of it, deployment.json included) as `remote` `version`. */
  deployVersion(
    remote: string,
    version: string,
    files: Array<{ path: string; bytes: Buffer }>,
  ): Promise<DeployResultView> {
    return this.call('PUT', this.versionsPath(remote, version), {
      files: files.map((f) => ({ path: f.path, content: f.bytes.toString('base64') })),
      ...(this.options.ciRun ? { ciRun: this.options.ciRun } : {}),
    });
  }

  /** A remote's published versions, newest build first (manifest URL and entry integrity each). */
  async versions(remote: string): Promise<DeployedVersionView[]> {
    return (await this.call<{ items: DeployedVersionView[] }>('GET', this.versionsPath(remote)))
      .items;
  }

  private versionsPath(remote: string, version?: string) {
    const base = `/remotes/${encodeURIComponent(remote)}/versions`;
    return version === undefined ? base : `${base}/${encodeURIComponent(version)}`;
  }

  /** Asks the control plane to sign a preview link of one build in `environment`. */
  preview(environment: string, body: PreviewBody): Promise<PreviewLinkView> {
    return this.call('POST', `/environments/${encodeURIComponent(environment)}/previews`, body);
  }

  /** Each remote's arms over the recent window, and each running canary's analysis. */
  signals(environment: string): Promise<SignalSummary> {
    return this.call('GET', `/environments/${encodeURIComponent(environment)}/signals`);
  }

  async audit(filters: { environment?: string; remote?: string } = {}): Promise<AuditRow[]> {
    const query = new URLSearchParams(
      Object.entries(filters).filter((e): e is [string, string] => Boolean(e[1])),
    );
    const page = await this.call<{ items: AuditRow[] }>('GET', `/audit?${query}`);
    return page.items;
  }

  /**
   * Reads the environment, asks `gate` for the entry to write (it throws to refuse), and writes it
   * naming the revision it read. On 409 it starts again from the new revision: the gate always judges
   * the environment the write will land on.
   */
  async editRemote(
    environment: string,
    remote: string,
    gate: (view: EnvironmentView) => Promise<GatedEdit> | GatedEdit,
  ): Promise<EnvironmentView & { auditId: number; attempts: number }> {
    const max = this.options.maxAttempts ?? 20;
    for (let attempt = 1; ; attempt++) {
      const view = await this.getEnvironment(environment);
      const edit = await gate(view);
      try {
        const result = await this.call<EnvironmentView & { auditId: number }>(
          'PUT',
          `/environments/${encodeURIComponent(environment)}/remotes/${encodeURIComponent(remote)}`,
          {
            ifRevision: view.revision,
            entry: edit.entry,
            ...(edit.gate ? { gate: edit.gate } : {}),
            ...(edit.action ? { action: edit.action } : {}),
            ...(this.options.ciRun ? { ciRun: this.options.ciRun } : {}),
          },
        );
        return { ...result, attempts: attempt };
      } catch (err) {
        if (!(err instanceof ControlPlaneError && err.status === 409) || attempt >= max) throw err;
      }
    }
  }

  /**
   * A canary edit (start, promote, abort) by compare-and-swap: `body` is asked for the edit on the
   * environment as it now is (a start gates its entry there), and again after every 409.
   */
  async editCanary(
    environment: string,
    remote: string,
    op: CanaryOperation,
    body: (view: EnvironmentView) => Promise<CanaryEdit> | CanaryEdit,
  ): Promise<EnvironmentView & { auditId: number; attempts: number }> {
    const max = this.options.maxAttempts ?? 20;
    const path = `/environments/${encodeURIComponent(environment)}/remotes/${encodeURIComponent(remote)}/canary${op === 'start' ? '' : `/${op}`}`;
    for (let attempt = 1; ; attempt++) {
      const view = await this.getEnvironment(environment);
      const edit = await body(view);
      try {
        const result = await this.call<EnvironmentView & { auditId: number }>('POST', path, {
          ifRevision: view.revision,
          ...edit,
          ...(this.options.ciRun ? { ciRun: this.options.ciRun } : {}),
        });
        return { ...result, attempts: attempt };
      } catch (err) {
        if (!(err instanceof ControlPlaneError && err.status === 409) || attempt >= max) throw err;
      }
    }
  }

  private async call<T>(method: string, path: string, body?: unknown, attempt = 0): Promise<T> {
    let res: Response;
    try {
      res = await this.fetch(`${this.base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.options.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (err) {
      throw new ControlPlaneError(
        `The control plane at ${this.options.url} could not be reached: ${(err as Error).message}`,
        0,
      );
    }
    const retries = this.options.unavailableRetries ?? 3;
    if (res.status === 503 && attempt < retries) {
      const seconds = Math.min(Number(res.headers.get('retry-after')) || 5, 60);
      await res.text();
      await (this.options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))))(seconds * 1000);
      return this.call(method, path, body, attempt + 1);
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!res.ok) {
      const problem = (json ?? {}) as { message?: string } & ControlPlaneError['body'];
      throw new ControlPlaneError(
        problem?.message ?? `The control plane answered HTTP ${res.status}.`,
        res.status,
        problem,
      );
    }
    return json as T;
  }
}

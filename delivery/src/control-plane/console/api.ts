/** The console's calls: the same /v1 routes as the CLIs, with the signed-in token. */
import type { AuditRow, EnvironmentRemotes, EnvironmentView, Problem, Session } from '../schemas';
import type { SignalSummary } from '../signals/signal-schemas';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly problem: Partial<Problem>,
  ) {
    super(message);
  }
}

export interface AuditFilters {
  environment?: string;
  remote?: string;
  team?: string;
  outcome?: string;
  action?: string;
  before?: number;
}

export class ConsoleApi {
  constructor(private readonly token: string) {}

  session = () => this.call<Session>('GET', '/session');

  environments = () =>
    this.call<{ items: { environment: string; revision: number; updatedAt: string }[] }>(
      'GET',
      '/environments',
    );

  remotes = (environment: string) =>
    this.call<EnvironmentRemotes>(
      'GET',
      `/environments/${encodeURIComponent(environment)}/remotes`,
    );

  audit = (filters: AuditFilters) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(filters))
      if (value !== undefined && value !== '') query.set(key, String(value));
    return this.call<{ items: AuditRow[]; nextBefore: number | null }>('GET', `/audit?${query}`);
  };

  signals = (environment: string) =>
    this.call<SignalSummary>('GET', `/environments/${encodeURIComponent(environment)}/signals`);

  rollback = (environment: string, remote: string, ifRevision: number) =>
    this.call<EnvironmentView & { auditId: number }>(
      'POST',
      `/environments/${encodeURIComponent(environment)}/remotes/${encodeURIComponent(remote)}/rollback`,
      { ifRevision },
    );

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`/v1${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: 'no-store',
      });
    } catch {
      throw new ApiError('The control plane could not be reached. Is it running?', 0, {});
    }
    const json = (await res.json().catch(() => ({}))) as unknown;
    if (!res.ok) {
      const problem = (json ?? {}) as Partial<Problem>;
      throw new ApiError(
        problem.message ?? `The control plane answered HTTP ${res.status}.`,
        res.status,
        problem,
      );
    }
    return json as T;
  }
}

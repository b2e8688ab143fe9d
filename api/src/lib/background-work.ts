/**
 * Work finished after the response, when how long it takes would tell the client something
 * (forgot-password: a real account costs a code and an email). Failures are logged, never
 * thrown at a request that has already been answered.
 */
export class BackgroundWork {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: (msg: string, err: unknown) => void) {}

  run(label: string, work: () => Promise<void>): void {
    const p: Promise<void> = Promise.resolve()
      .then(work)
      .catch((err: unknown) => this.log(`${label} failed`, err))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Resolves when everything started so far is done (shutdown, tests). */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}

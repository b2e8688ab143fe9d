/**
 * Batching browser signals for navigator.sendBeacon: identical reports are folded (a count), a beacon
 * stays under a size cap (16 KB), and a page sends at most so many beacons (what is left after that
 * is dropped and counted). Pure: the sender and the clock are injected, so it is tested without a
 * browser.
 */
export interface Report {
  kind: string;
  remote: string;
  version: string;
  route?: string;
  value?: number;
  count?: number;
}

export interface BatcherOptions {
  session: string;
  /** Sends one body; false when the browser refused it (then it is dropped). */
  send: (body: string) => boolean;
  maxBytes?: number;
  maxBeacons?: number;
}

export class SignalBatcher {
  private readonly pending = new Map<string, Report>();
  private beacons = 0;
  dropped = 0;
  private readonly maxBytes: number;
  private readonly maxBeacons: number;

  constructor(private readonly options: BatcherOptions) {
    this.maxBytes = options.maxBytes ?? 16 * 1024;
    this.maxBeacons = options.maxBeacons ?? 20;
  }

  /** Adds a report; one identical to a pending one (`dedupeKey`) only raises its count. */
  add(report: Report, dedupeKey?: string): void {
    const key = dedupeKey ?? JSON.stringify(report);
    const known = this.pending.get(key);
    if (known) {
      known.count = Math.min((known.count ?? 1) + (report.count ?? 1), 1000);
      return;
    }
    this.pending.set(key, { ...report });
  }

  get size(): number {
    return this.pending.size;
  }

  /** Sends everything pending, in beacons under the size cap. */
  flush(): void {
    const reports = [...this.pending.values()];
    this.pending.clear();
    const envelope = (list: Report[]) =>
      JSON.stringify({ session: this.options.session, reports: list });
    let batch: Report[] = [];
    const send = () => {
      if (batch.length === 0) return;
      if (this.beacons >= this.maxBeacons || !this.options.send(envelope(batch)))
        this.dropped += batch.length;
      else this.beacons += 1;
      batch = [];
    };
    for (const report of reports) {
      if (envelope([report]).length > this.maxBytes) {
        this.dropped += 1;
        continue;
      }
      if (envelope([...batch, report]).length > this.maxBytes) send();
      batch.push(report);
    }
    send();
  }
}

/**
 * What the shell's first load carries of browser signals: a queue, and listeners that keep uncaught
 * errors and rejections until the reporter (start-signals.ts, loaded after first paint) reads them.
 * A remote's chunk that throws while the page starts is caught here, before the reporter exists.
 */
export interface QueuedSignal {
  kind: 'load-failure' | 'boundary' | 'unhandled';
  remote?: string;
  message: string;
  /** Where the error came from: its stack and the script's URL (to attribute it to a remote). */
  source?: string;
}

type Sink = (signal: QueuedSignal) => void;

const MAX_QUEUED = 50;
const queued: QueuedSignal[] = [];
let sink: Sink | null = null;

export function pushSignal(signal: QueuedSignal): void {
  if (sink) sink(signal);
  else if (queued.length < MAX_QUEUED) queued.push(signal);
}

/** The reporter takes over: what was queued first, then every later signal. */
export function drainSignals(next: Sink): void {
  sink = next;
  queued.splice(0).forEach(next);
}

const text = (value: unknown) =>
  value instanceof Error ? `${value.message}\n${value.stack ?? ''}` : String(value);

export function listenForUncaught(target: Window = window): void {
  target.addEventListener('error', (e) =>
    pushSignal({
      kind: 'unhandled',
      message: e.message,
      source: `${e.filename ?? ''}\n${text(e.error)}`,
    }),
  );
  target.addEventListener('unhandledrejection', (e) =>
    pushSignal({
      kind: 'unhandled',
      message: text(e.reason).split('\n')[0]!,
      source: text(e.reason),
    }),
  );
}

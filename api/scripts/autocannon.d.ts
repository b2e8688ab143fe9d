// autocannon ships no types; only what bench.ts uses.
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
    }
    interface Result {
      latency: { p50: number; p90: number; p97_5: number; p99: number };
      '4xx': number;
      '5xx': number;
      requests: { average: number; total: number };
      errors: number;
      timeouts: number;
      non2xx: number;
    }
  }
  function autocannon(opts: {
    url: string;
    connections: number;
    duration: number;
    requests: Array<{ setupRequest: (req: autocannon.Request) => autocannon.Request }>;
  }): Promise<autocannon.Result>;
  export = autocannon;
}

// The autocannon options and results the benchmarks use (the package ships no types).
declare module "autocannon" {
  namespace autocannon {
    type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
    type Options = {
      url: string;
      connections?: number;
      duration?: number;
      /** Open loop: the total requests per second offered across all connections. */
      overallRate?: number;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      requests?: (Request & { setupRequest?: (request: Request) => Request })[];
    };
    type Histogram = { average: number; total: number; p50: number; p99: number };
    type Result = { requests: Histogram; latency: Histogram; non2xx: number; errors: number; timeouts: number };
  }
  function autocannon(options: autocannon.Options, callback: (error: Error | null, result: autocannon.Result) => void): unknown;
  export default autocannon;
}

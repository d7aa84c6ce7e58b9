// The part of autocannon's API the benchmark uses (the package ships no types).
declare module "autocannon" {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    non2xx: number;
  }
  export default function autocannon(options: {
    url: string;
    connections: number;
    duration: number;
    overallRate?: number;
    headers?: Record<string, string>;
    method?: "GET" | "POST";
    body?: string;
  }): Promise<Result>;
}

// The paced load as a process of its own: `node --import tsx bench/pacer.ts <url> <options as JSON>` prints its
// figures as one line of JSON. Apart from the benchmark's process, whose heap holds generated data (a million
// addresses), a garbage collection there cannot hold up the requests' sending or the reading of their answers.
import http from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { LoadFigures, LoadOptions } from "./load.ts";

/**
 * `rate` requests a second for `seconds`, each sent at its own time whether or not the ones before it have been
 * answered (an open loop): the times are a Poisson process, as independent visitors arrive. autocannon's `overallRate`
 * instead gives each connection a quota per second, which it sends back to back at the start of the second and then
 * waits, so every second began with a burst of all connections at once. A request's latency runs from the time it was
 * due, so time spent waiting for one of the `connections` counts too. Figures in ms, to a tenth; `pacerDelay` is the
 * longest this process's own event loop was held up, which delays the requests due meanwhile.
 */
async function pacedLoad(url: string, options: LoadOptions & { rate: number }, agent: http.Agent): Promise<LoadFigures> {
  const due: number[] = [];
  for (let at = 0; at < options.seconds * 1000; at += (-Math.log(1 - Math.random()) * 1000) / options.rate) due.push(at);
  const latencies: number[] = [];
  const errorKinds: Record<string, number> = {};
  const failed = (kind: string) => (errorKinds[kind] = (errorKinds[kind] ?? 0) + 1);
  const send = (start: number) =>
    new Promise<void>((resolve) => {
      const request = http.request(url, { agent, method: options.method ?? "GET", headers: options.headers }, (response) => {
        if (response.statusCode! >= 300) failed(`HTTP ${response.statusCode}`);
        response.resume();
        response.on("end", () => {
          latencies.push(performance.now() - start);
          resolve();
        });
      });
      request.on("error", (error: NodeJS.ErrnoException) => {
        failed(error.code ?? error.message);
        resolve();
      });
      request.end(options.body);
    });
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const began = performance.now();
  const answers: Promise<void>[] = [];
  for (let next = 0; next < due.length;) {
    const now = performance.now() - began;
    while (next < due.length && due[next] <= now) answers.push(send(began + due[next++]));
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(1, (due[next] ?? now) - now))));
  }
  await Promise.all(answers);
  delay.disable();
  const seconds = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  const tenth = (ms: number) => Math.round(ms * 10) / 10;
  const at = (q: number) => tenth(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return {
    rps: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    errors: Object.values(errorKinds).reduce((sum, n) => sum + n, 0),
    pacerDelay: tenth(delay.max / 1e6),
    errorKinds,
  };
}

/**
 * A second of the same load on the same connections, sent first and not counted: a new process runs its code
 * unoptimised at first, where the pacer in the bench's process was warm from the loads before it.
 */
const WARM_UP_SECONDS = 1;

const [url, text] = process.argv.slice(2);
const options = JSON.parse(text) as LoadOptions & { rate: number };
const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
await pacedLoad(url, { ...options, seconds: WARM_UP_SECONDS }, agent);
process.stdout.write(`${JSON.stringify(await pacedLoad(url, options, agent))}\n`);
agent.destroy();

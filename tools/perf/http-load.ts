// The HTTP load the benches put on a local Worker (bench.ts, bench-pair.ts): `concurrency` clients
// asking one URL for `ms`, each answer read to its end, with the CPU the serving wrangler dev and
// this load generator spent meanwhile.
import { treeCpuMs } from "./proc-cpu.ts";

export interface Run {
  requests: number;
  /** Answers with another status than the one expected. */
  failures: number;
  latencies: number[];
  ms: number;
  /** CPU time of the serving wrangler dev (all its processes) and of this load generator. */
  cpuMs: number;
}

export async function load(url: string, ms: number, expected: number, serverPid?: number, concurrency = 8): Promise<Run> {
  const cpuBefore = treeCpuMs(serverPid) + clientCpuMs();
  const latencies: number[] = [];
  const until = performance.now() + ms;
  let failures = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        const res = await fetch(url);
        await res.arrayBuffer();
        if (res.status !== expected) failures++;
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { requests: latencies.length, failures, latencies, ms, cpuMs: treeCpuMs(serverPid) + clientCpuMs() - cpuBefore };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export const pct = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? Number.NaN;

/** This process's CPU time (ms): the load generator, which also decompresses every answer. */
const clientCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

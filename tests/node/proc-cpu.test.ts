// The bench's CPU clock (tools/perf/proc-cpu.ts): the scheduler's count per thread must read what the
// process really spent, to the millisecond, where 10 ms ticks could not.
import { expect, it } from "vitest";
import { scheduledMs } from "../../tools/perf/proc-cpu.ts";

/** Keeps this thread on a CPU for about `ms` of CPU time (by the process's own account). */
function burn(ms: number) {
  const until = process.cpuUsage().user / 1000 + ms;
  let x = 0;
  while (process.cpuUsage().user / 1000 < until) x += Math.sqrt(x + 1);
  return x;
}

it("reads this process's CPU time from the scheduler, to the millisecond", () => {
  const before = { scheduled: scheduledMs(process.pid), usage: process.cpuUsage() };
  expect(before.scheduled).toBeTypeOf("number");
  burn(60);
  const spent = process.cpuUsage(before.usage);
  const scheduled = scheduledMs(process.pid)! - before.scheduled!;
  const usage = (spent.user + spent.system) / 1000;
  expect(scheduled).toBeGreaterThan(55);
  // other threads of this process (V8's, libuv's) may run meanwhile: both clocks count them
  expect(Math.abs(scheduled - usage)).toBeLessThan(5);
});

it("answers undefined for a process that does not exist", () => {
  expect(scheduledMs(2 ** 22 + 1)).toBeUndefined();
});

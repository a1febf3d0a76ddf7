// CPU time of processes from Linux's /proc: what `npm run bench` divides by the requests a batch
// served. `utime + stime` (fields 14 and 15 of /proc/<pid>/stat) count every thread of a process,
// in clock ticks of 10 ms (USER_HZ 100), so a figure per request needs batches of many requests.
// The in-Worker batches read the scheduler's own count instead (/proc/<pid>/task/<tid>/schedstat,
// nanoseconds on a CPU per thread), which needs no long batch to be exact.
import { readdirSync, readFileSync } from "node:fs";

interface ProcStat {
  pid: number;
  parent: number;
  name: string;
  ticks: number;
}

/** Every process's parent, command name and CPU ticks; empty where there is no /proc. */
function processes(): ProcStat[] {
  let pids: string[] = [];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const out: ProcStat[] = [];
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // "pid (comm) state ppid ...": the command may hold spaces, so split after its closing parenthesis
      const close = stat.lastIndexOf(")");
      const fields = stat.slice(close + 2).split(" ");
      out.push({
        pid: Number(pid),
        parent: Number(fields[1]),
        name: stat.slice(stat.indexOf("(") + 1, close),
        ticks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

/** The processes under `root` (itself included), optionally only those whose command name is `name`. */
export function descendants(root: number, name?: string): ProcStat[] {
  const all = processes();
  const tree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const proc of all) {
      if (!tree.has(proc.pid) && tree.has(proc.parent)) {
        tree.add(proc.pid);
        grew = true;
      }
    }
  }
  return all.filter((proc) => tree.has(proc.pid) && (name === undefined || proc.name === name));
}

/** CPU ms (user + system) of `root` and everything it started; 0 where there is no /proc. */
export const treeCpuMs = (root: number | undefined): number =>
  root === undefined ? 0 : descendants(root).reduce((sum, proc) => sum + proc.ticks * 10, 0);

/**
 * CPU ms of a process's live threads from the scheduler (/proc/<pid>/task/<tid>/schedstat: ns on a
 * CPU), or undefined where the kernel keeps no such count. Threads that ended are not in it, so
 * only a difference over a span in which the process kept its threads means anything (workerd's
 * are started with it).
 */
export function scheduledMs(pid: number): number | undefined {
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
    }
    return ns / 1e6;
  } catch {
    return undefined;
  }
}

/**
 * CPU ms of every workerd process `root` started (miniflare's, wrangler dev's), how many there
 * are, and which clock read it: the scheduler's nanoseconds where /proc has them, else ticks.
 */
export function workerdCpuMs(root: number): { ms: number; processes: number; clock: "schedstat" | "ticks" } {
  const workerd = descendants(root, "workerd");
  const scheduled = workerd.map((proc) => scheduledMs(proc.pid));
  if (workerd.length && scheduled.every((ms) => ms !== undefined)) {
    return { ms: scheduled.reduce((sum: number, ms) => sum + ms!, 0), processes: workerd.length, clock: "schedstat" };
  }
  return { ms: workerd.reduce((sum, proc) => sum + proc.ticks * 10, 0), processes: workerd.length, clock: "ticks" };
}

/**
 * wrangler dev's processes by role: `node` (wrangler itself), the workerd that runs the Worker
 * (miniflare's, the one with a DevTools inspector) and wrangler's proxy in front of it (the other
 * workerd). Empty where there is no /proc.
 */
export function wranglerDevRoles(root: number): { wrangler: number[]; runtime: number[]; proxy: number[] } {
  const roles = { wrangler: [] as number[], runtime: [] as number[], proxy: [] as number[] };
  for (const proc of descendants(root)) {
    if (proc.name === "node") roles.wrangler.push(proc.pid);
    if (proc.name !== "workerd") continue;
    let command = "";
    try {
      command = readFileSync(`/proc/${proc.pid}/cmdline`, "utf8");
    } catch {
      continue; // ended meanwhile
    }
    (command.includes("--inspector-addr") ? roles.runtime : roles.proxy).push(proc.pid);
  }
  return roles;
}

/** CPU ms of the given processes' threads, from the scheduler (scheduledMs); a process that ended counts 0. */
export const processesCpuMs = (pids: number[]): number => pids.reduce((sum, pid) => sum + (scheduledMs(pid) ?? 0), 0);

import { readFileSync } from "node:fs";

/** What the machine and a process are doing, read from Linux's /proc; every reader is null off Linux. */
/** utime + stime of a process in seconds (Linux /proc), or null when it is not readable. */
export function processCpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** Busy and total jiffies of the whole machine (Linux /proc/stat), or null. */
export function machineTicks(): { busy: number; total: number } | null {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
    const values = line.trim().split(/\s+/).slice(1).map(Number);
    const total = values.reduce((sum, v) => sum + v, 0);
    const idle = (values[3] ?? 0) + (values[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/** Time a task spent on a CPU and waiting in the run queue for one (Linux /proc/<pid>/schedstat, main thread), in ms; null off Linux. */
export function schedstat(pid: number | "self"): { runMs: number; waitMs: number } | null {
  try {
    const [run, wait] = readFileSync(`/proc/${pid}/schedstat`, "utf8").trim().split(/\s+/).map(Number);
    return run === undefined || wait === undefined ? null : { runMs: run / 1e6, waitMs: wait / 1e6 };
  } catch {
    return null;
  }
}

/** % of all cores busy over the next `ms` milliseconds; null off Linux. */
export async function machineBusyPct(ms: number): Promise<number | null> {
  const before = machineTicks();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = machineTicks();
  return before && after && after.total > before.total ? ((after.busy - before.busy) / (after.total - before.total)) * 100 : null;
}

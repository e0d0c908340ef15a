import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { processCpuSeconds } from "./ledger-probe.js";

/** One load case: a request shape autocannon repeats on every connection for `seconds`. */
export interface LoadCase {
  name: string;
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** Sends a fresh Idempotency-Key with every request (money-moving cases). */
  freshIdempotencyKey?: boolean;
  /**
   * Several people at once: each request takes the next entry's headers and body, in turn, so at
   * 50 connections and 50 entries each person has about one request in flight.
   */
  inTurn?: Array<{ headers: Record<string, string>; body?: string }>;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Responses with any status (2xx or not). */
  responses: number;
  /** Connection errors and timeouts: requests that got no answer. */
  errors: number;
  non2xx: number;
  /** 2xx answers, counted from the status codes autocannon saw. */
  ok: number;
  seconds: number;
  /** CPU milliseconds per response of each group of processes asked for (server, database …). */
  cpuMsPerResponse: Record<string, number | null>;
}

/** utime + stime in seconds of each of `pids` that can be read (a backend may come and go). */
function cpuOf(pids: readonly number[]): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const pid of pids) {
    const value = processCpuSeconds(pid);
    if (value !== null) seconds.set(pid, value);
  }
  return seconds;
}

/** CPU seconds used between two readings by the processes present in both; null when none was. */
function cpuBetween(before: Map<number, number>, after: Map<number, number>): number | null {
  let sum: number | null = null;
  for (const [pid, end] of after) {
    const start = before.get(pid);
    if (start !== undefined) sum = (sum ?? 0) + (end - start);
  }
  return sum;
}

/**
 * autocannon's setupRequest for a case: the next person of `inTurn`, and with `freshIdempotencyKey`
 * a new key on every request, so each one is a new transfer and none is a replay.
 */
function requestShaper(load: LoadCase) {
  let sent = 0;
  return (request: autocannon.Request) => {
    const who = load.inTurn?.[sent++ % load.inTurn.length];
    return {
      ...request,
      ...(who?.body === undefined ? {} : { body: who.body }),
      headers: { ...request.headers, ...who?.headers, ...(load.freshIdempotencyKey ? { "Idempotency-Key": randomUUID() } : {}) },
    };
  };
}

/**
 * Runs one case at `connections` for `seconds` (autocannon, one worker in this process): as fast as
 * the server answers, or at `rate` requests a second across the connections (latencies then
 * corrected for coordinated omission, autocannon's default: a late answer delays the next request).
 */
export async function runLoad(load: LoadCase, options: { connections: number; seconds: number; rate?: number; processes?: Record<string, () => Promise<number[]> | number[]> }): Promise<LoadResult> {
  const headers = { ...load.headers };
  const groups = Object.entries(options.processes ?? {});
  const pids = await Promise.all(groups.map(async ([name, find]) => [name, await find()] as const));
  const cpuBefore = pids.map(([, list]) => cpuOf(list));
  const result = await autocannon({
    url: load.url,
    connections: options.connections,
    duration: options.seconds,
    ...(options.rate ? { overallRate: options.rate } : {}),
    method: load.method ?? "GET",
    headers,
    body: load.body,
    requests: load.freshIdempotencyKey || load.inTurn ? [{ setupRequest: requestShaper(load) }] : undefined,
  });
  const cpuAfter = pids.map(([, list]) => cpuOf(list));
  const cpuMsPerResponse = Object.fromEntries(
    pids.map(([name], i) => {
      const used = cpuBetween(cpuBefore[i]!, cpuAfter[i]!);
      return [name, used === null || !result.requests.total ? null : (used * 1000) / result.requests.total];
    }),
  );
  const ok = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => code.startsWith("2"))
    .reduce((sum, [, stats]) => sum + stats.count, 0);
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    responses: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    ok,
    seconds: result.duration,
    cpuMsPerResponse,
  };
}

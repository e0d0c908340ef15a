import { randomUUID } from "node:crypto";
import http from "node:http";
import { performance } from "node:perf_hooks";
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
 * Runs one case at `connections` for `seconds` (autocannon, one worker in this process) as fast as
 * the server answers, or, given `rate`, at that many requests a second spread evenly over the
 * seconds (`atRate`).
 */
export async function runLoad(load: LoadCase, options: { connections: number; seconds: number; rate?: number; processes?: Record<string, () => Promise<number[]> | number[]> }): Promise<LoadResult> {
  const groups = Object.entries(options.processes ?? {});
  const pids = await Promise.all(groups.map(async ([name, find]) => [name, await find()] as const));
  const cpuBefore = pids.map(([, list]) => cpuOf(list));
  const result = options.rate ? await atRate(load, { connections: options.connections, seconds: options.seconds, rate: options.rate }) : await asFastAsAnswered(load, options);
  const cpuAfter = pids.map(([, list]) => cpuOf(list));
  const cpuMsPerResponse = Object.fromEntries(
    pids.map(([name], i) => {
      const used = cpuBetween(cpuBefore[i]!, cpuAfter[i]!);
      return [name, used === null || !result.responses ? null : (used * 1000) / result.responses];
    }),
  );
  return { ...result, cpuMsPerResponse };
}

type Answered = Omit<LoadResult, "cpuMsPerResponse">;

async function asFastAsAnswered(load: LoadCase, options: { connections: number; seconds: number }): Promise<Answered> {
  const result = await autocannon({
    url: load.url,
    connections: options.connections,
    duration: options.seconds,
    method: load.method ?? "GET",
    headers: { ...load.headers },
    body: load.body,
    requests: load.freshIdempotencyKey || load.inTurn ? [{ setupRequest: requestShaper(load) }] : undefined,
  });
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
  };
}

/** The value below which `share` of the sorted `values` lie (nearest rank). */
function percentile(sorted: readonly number[], share: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]! : Number.NaN;
}

/**
 * An open model, as people arrive: request i is due at start + i/rate whatever happened to the
 * ones before, over at most `connections` kept-alive sockets, and its latency runs from when it was
 * due to its last byte, so time spent waiting for a socket or behind a slow answer counts. (Not
 * autocannon's `overallRate`: each of its connections sends its share at the start of every second,
 * 50 at once, and its correction assumes a 1 ms interval whatever the rate.)
 */
async function atRate(load: LoadCase, options: { connections: number; seconds: number; rate: number }): Promise<Answered> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const shape = requestShaper(load);
  const total = Math.round(options.rate * options.seconds);
  const latencies: number[] = [];
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const shaped = shape({ headers: { ...load.headers }, body: load.body } as autocannon.Request);
      const request = http.request(load.url, { method: load.method ?? "GET", agent, headers: shaped.headers as http.OutgoingHttpHeaders, timeout: 10_000 }, (response) => {
        response.resume();
        response.on("end", () => {
          latencies.push(performance.now() - due);
          if (response.statusCode! >= 200 && response.statusCode! < 300) ok++;
          else non2xx++;
          resolve();
        });
      });
      request.on("timeout", () => request.destroy(new Error("timed out")));
      request.on("error", () => {
        errors++;
        resolve();
      });
      request.end(shaped.body as string | undefined);
    });
  const start = performance.now();
  const inFlight: Array<Promise<void>> = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / options.rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(send(due));
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { requestsPerSecond: latencies.length / seconds, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), responses: latencies.length, errors, non2xx, ok, seconds };
}

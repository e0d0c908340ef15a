/**
 * Times every query a pg.Client sends, for the benchmarks' probes: from the call to the answer (one
 * network round trip, the server's work and the wait for this event loop to notice). Installed once
 * by wrapping pg.Client.prototype.query, which the app's pools use; both answer styles are timed:
 * the callback pg-pool passes (every pool.query of the app) and the promise of a checked-out client
 * (transactions). Read-only: nothing here changes a setting of the database server.
 */
import { performance } from "node:perf_hooks";
import pg from "pg";

/** Called once per answered query with its text, its round-trip ms and its result (undefined on error). */
export type QueryListener = (text: string, ms: number, result: { rows?: unknown[] } | undefined) => void;

const listeners = new Set<QueryListener>();
let installed = false;

function queryText(first: unknown): string {
  if (typeof first === "string") return first;
  const text = (first as { text?: unknown } | null)?.text;
  return typeof text === "string" ? text : "";
}

function install() {
  if (installed) return;
  installed = true;
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    if (listeners.size === 0) return original.apply(this, args);
    const text = queryText(args[0]);
    const started = performance.now();
    const done = (result: unknown) => {
      const ms = performance.now() - started;
      for (const listener of listeners) listener(text, ms, result as { rows?: unknown[] } | undefined);
    };
    const callback = args.at(-1);
    if (typeof callback === "function") {
      args[args.length - 1] = (error: unknown, result: unknown, ...rest: unknown[]) => {
        done(error ? undefined : result);
        return (callback as (...values: unknown[]) => unknown)(error, result, ...rest);
      };
      return original.apply(this, args);
    }
    const answer = original.apply(this, args);
    if (answer && typeof (answer as Promise<unknown>).then === "function") {
      (answer as Promise<unknown>).then(done, () => done(undefined));
    }
    return answer;
  };
}

/** Starts timing queries for `listener`; the returned function stops it. */
export function listenToQueries(listener: QueryListener): () => void {
  install();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

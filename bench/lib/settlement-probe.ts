/**
 * Where settleDue() spends its time, as its pg clients see it: every query is timed (query-timer.ts)
 * and filed by kind; the calls of settle_due_investments are also kept one by one, so a batch that
 * gets slower as the run goes on shows. Read-only: nothing here changes a server setting.
 */
import { performance } from "node:perf_hooks";
import { listenToQueries } from "./query-timer.js";
import { machineBusyPct } from "./machine.js";

export { machineTicks, schedstat } from "./machine.js";

export type SettleStatement = "begin" | "settle_due_investments" | "insert_notification" | "commit" | "other";
export const SETTLE_STATEMENTS: SettleStatement[] = ["begin", "settle_due_investments", "insert_notification", "commit", "other"];

function classify(text: string): SettleStatement {
  const head = text.trimStart().slice(0, 32).toLowerCase();
  if (head.startsWith("begin")) return "begin";
  if (head.startsWith("commit")) return "commit";
  if (text.includes("settle_due_investments(")) return "settle_due_investments";
  if (/^insert into "?notification"?[ (]/.test(head)) return "insert_notification";
  return "other";
}

export interface ProbeTotals {
  statements: Record<SettleStatement, { count: number; ms: number }>;
  /** ms of each settle_due_investments call, in order. */
  batchesMs: number[];
  /** Rows each settle_due_investments call returned (investments settled), in order. */
  batchesRows: number[];
}

export class SettlementProbe {
  private stopListening: (() => void) | undefined;
  private totals: ProbeTotals = SettlementProbe.empty();

  private static empty(): ProbeTotals {
    const statements = {} as ProbeTotals["statements"];
    for (const kind of SETTLE_STATEMENTS) statements[kind] = { count: 0, ms: 0 };
    return { statements, batchesMs: [], batchesRows: [] };
  }

  private add(kind: SettleStatement, ms: number, rows: number | undefined) {
    const entry = this.totals.statements[kind];
    entry.count++;
    entry.ms += ms;
    if (kind === "settle_due_investments") {
      this.totals.batchesMs.push(ms);
      this.totals.batchesRows.push(rows ?? Number.NaN);
    }
  }

  start(): void {
    this.totals = SettlementProbe.empty();
    this.stopListening = listenToQueries((text, ms, result) => {
      const rows = result?.rows;
      this.add(classify(text), ms, Array.isArray(rows) ? rows.length : undefined);
    });
  }

  stop(): ProbeTotals {
    this.stopListening?.();
    this.stopListening = undefined;
    return this.totals;
  }
}

/**
 * Waits (up to `maxMs`) until the machine has been at most `threshold` % busy over 2 s, so a timed
 * run does not start in the middle of someone else's burst. Returns the last reading and the time waited.
 */
export async function waitForQuiet(threshold: number, maxMs: number): Promise<{ busyPct: number | null; waitedMs: number }> {
  const started = performance.now();
  for (;;) {
    const busyPct = await machineBusyPct(2_000);
    const waitedMs = performance.now() - started;
    if (busyPct === null || busyPct <= threshold || waitedMs >= maxMs) return { busyPct, waitedMs };
  }
}

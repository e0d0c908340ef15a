/**
 * Untimed diagnostics for the settlement benchmark, on freshly seeded databases: where a batch of
 * settle_due_investments spends its time (the claim query's plan, each statement's time), how
 * settleDue() fares with other batch sizes, and what two settlers running at once (several
 * servers, as the job allows) do to each other. Everything runs the real SQL functions of the
 * migrations; the claim plan and the statement times are taken in rolled-back transactions. No server setting is changed
 * (auto_explain is loaded into one session and configured for one transaction).
 */
import { performance } from "node:perf_hooks";
import pg from "pg";
import type { Database } from "#server/db/client.js";
import { settleDue } from "#server/services/investments/settle-due.js";
import { schedstat } from "./settlement-probe.js";

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

interface SettleFunction {
  source: string;
  params: Array<{ name: string; type: string }>;
  /** The function's own settings (`SET name = value` of its definition), as `name=value`. */
  settings: string[];
}

/** The deployed settle_due_investments: its source, its parameters' names and types, its settings. */
async function settleFunction(client: pg.Client): Promise<SettleFunction | null> {
  const row = (
    await client.query(
      `select p.prosrc as source, p.proargnames as names, coalesce(p.proconfig, '{}') as settings,
              array(select format_type(t, null) from unnest(p.proargtypes) as t) as types
       from pg_proc p where p.proname = 'settle_due_investments' order by p.oid desc limit 1`,
    )
  ).rows[0] as { source: string; names: string[] | null; settings: string[]; types: string[] } | undefined;
  if (!row) return null;
  const params = row.types.map((type, index) => ({ name: row.names?.[index] ?? "", type }));
  return { source: row.source, params, settings: row.settings };
}

/**
 * The job's walk through the queue inside a settle_due_investments source: the query of its
 * `FOR r IN SELECT … LOOP`, each parameter of the function it uses turned into a typed placeholder;
 * `used` names them in placeholder order. (The rows are then claimed, whole users at a time, by a
 * query on the users the walk picked.)
 */
export function claimQuery(source: string, params: Array<{ name: string; type: string }>): { text: string; used: string[] } | null {
  const walk = /FOR\s+\w+\s+IN\s+(SELECT[\s\S]*?FROM\s+investment\b[\s\S]*?)\s+LOOP\b/i.exec(source);
  if (!walk?.[1]) return null;
  let text = walk[1];
  const used: string[] = [];
  for (const param of params) {
    const pattern = new RegExp(`\\b${param.name}\\b`, "g");
    if (!param.name || !pattern.test(text)) continue;
    used.push(param.name);
    text = text.replace(pattern, `$${used.length}::${param.type}`);
  }
  return { text, used };
}

export interface ClaimPlan {
  /** EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) of the claim query as settle_due_investments runs it, or why it could not be shown. */
  lines: string[];
  ms: number | null;
}

/**
 * The walk through the queue is read from the deployed settle_due_investments (pg_proc.prosrc),
 * its parameters bound to the benchmark's values, and explained with ANALYZE in a rolled-back
 * transaction. ANALYZE reads it to the end; a batch stops as soon as it has its users.
 */
export async function explainClaim(url: string, now: Date): Promise<ClaimPlan> {
  return withClient(url, async (client) => {
    const fn = await settleFunction(client);
    const query = fn && claimQuery(fn.source, fn.params);
    if (!fn || !query) return { lines: ["(no FOR … IN SELECT … FROM investment … LOOP found in settle_due_investments)"], ms: null };
    // The first batch of a job's settler: p_now bound, the cursor NULL.
    const values = query.used.map((name) => (name === "p_now" ? now.toISOString() : null));
    await client.query("begin");
    try {
      // As the function plans it: with its own settings, and as the generic plan PL/pgSQL settles on.
      for (const setting of fn.settings) {
        const [name, ...value] = setting.split("=");
        await client.query("select set_config($1, $2, true)", [name, value.join("=")]);
      }
      await client.query("set local plan_cache_mode = force_generic_plan");
      await client.query(`prepare claim as ${query.text}`);
      // EXPLAIN takes no bind parameters: the values go in as literals (typed by the prepared statement).
      const literals = values.map((value) => (value === null ? "null" : client.escapeLiteral(String(value)))).join(", ");
      const rows = (await client.query(`explain (analyze, buffers, costs off) execute claim(${literals})`)).rows as Array<{ "QUERY PLAN": string }>;
      const lines = rows.map((row) => row["QUERY PLAN"]);
      const ms = Number(/Execution Time: ([\d.]+) ms/.exec(lines.join("\n"))?.[1] ?? Number.NaN);
      return { lines, ms };
    } finally {
      await client.query("rollback");
    }
  });
}

export interface StatementCost {
  /** The statement's text, whitespace collapsed, cut to 90 characters. */
  text: string;
  calls: number;
  /** auto_explain's duration of the statement: executor time, the triggers it fired (foreign-key checks) included. */
  ms: number;
}

export interface StatementBreakdown {
  settled: number;
  /** The settle_due_investments call as a whole (auto_explain's figure for the top-level statement). */
  totalMs: number;
  /** Statements run inside it that took at least MIN_STATEMENT_MS, costliest first. */
  statements: StatementCost[];
}

/** Statements quicker than this are not reported (per-row foreign-key checks take ~0.01–0.05 ms; their time is in the statement that fired them). */
export const MIN_STATEMENT_MS = 0.25;

interface AutoExplainPlan {
  "Query Text"?: string;
}

/**
 * One batch with auto_explain reporting each statement's duration to this session as a NOTICE
 * (nested statements included; without ANALYZE, so the instrumentation costs little),
 * set for this transaction only and rolled back: how long each statement inside
 * settle_due_investments ran. Null when auto_explain cannot be loaded (not a superuser, not installed).
 */
export async function statementBreakdown(url: string, now: Date, limit: number): Promise<StatementBreakdown | null> {
  return withClient(url, async (client) => {
    const notices: string[] = [];
    client.on("notice", (notice) => notices.push(notice.message ?? ""));
    await client.query("begin");
    try {
      await client.query("load 'auto_explain'");
      for (const setting of [
        `auto_explain.log_min_duration = '${MIN_STATEMENT_MS}ms'`,
        // Durations only: with log_analyze off nothing inside a statement is instrumented.
        "auto_explain.log_analyze = off",
        "auto_explain.log_nested_statements = on",
        "auto_explain.log_format = 'json'",
        "auto_explain.log_level = 'notice'",
      ]) {
        await client.query(`set local ${setting}`);
      }
      const settled = Number(
        (await client.query(`select count(*)::int as n from settle_due_investments(p_now => $1::timestamptz, p_limit => $2::int)`, [now.toISOString(), limit])).rows[0]?.n ?? 0,
      );
      // The top-level statement is reported when its portal closes, i.e. after its result: end the
      // transaction first, then read the notices.
      await client.query("rollback");
      const byText = new Map<string, StatementCost>();
      let totalMs = Number.NaN;
      for (const message of notices) {
        const found = /duration: ([\d.]+) ms\s+plan:\s*([\s\S]*)$/.exec(message);
        const json = found?.[2];
        if (!found || !json) continue;
        const ms = Number(found[1]);
        let plan: AutoExplainPlan;
        try {
          plan = JSON.parse(json) as AutoExplainPlan;
        } catch {
          continue;
        }
        const text = (plan["Query Text"] ?? "").replace(/\s+/g, " ").trim();
        if (/settle_due_investments\(p_now => \$1/.test(text)) {
          totalMs = ms;
          continue;
        }
        if (/^SELECT 1 FROM ONLY /i.test(text)) continue; // a slow foreign-key check: already in its statement's time
        const key = text.length > 90 ? `${text.slice(0, 89)}…` : text;
        const entry = byText.get(key) ?? { text: key, calls: 0, ms: 0 };
        entry.calls++;
        entry.ms += ms;
        byText.set(key, entry);
      }
      return { settled, totalMs, statements: [...byText.values()].sort((a, b) => b.ms - a.ms) };
    } catch {
      return null;
    } finally {
      await client.query("rollback").catch(() => undefined);
    }
  });
}

export interface ConcurrentRun {
  workers: number;
  batchSize: number;
  settled: number;
  perWorker: number[];
  /** What the settleDue() calls reported, summed. */
  profitCents: bigint;
  notifications: number;
  seconds: number;
  /** Share of samples (every 20 ms) in which a settler's backend waited for a lock. */
  lockWaitShare: number;
  /** Most buffers one primary-key lookup of p:interest touched during the run (sampled every second). */
  interestLookupMaxBuffers: number;
  /** ledger_account heap pages after the run. */
  ledgerAccountPages: number;
  /** Time the settlers' backends spent on a CPU (schedstat), or null off Linux. */
  pgCpuSeconds: number | null;
}

/**
 * `workers` calls of settleDue(db, now, { batchSize }) at once on one database (several servers
 * would do this; one worker is the job as the benchmark times it), watched from another connection.
 */
export async function settleWatched(db: Database, url: string, now: Date, workers: number, batchSize: number): Promise<ConcurrentRun> {
  return withClient(url, async (monitor) => {
    const me = Number((await monitor.query("select pg_backend_pid() as pid")).rows[0]?.pid);
    const settlerPids = async () =>
      ((await monitor.query(`select pid from pg_stat_activity where datname = current_database() and pid <> $1`, [me])).rows as Array<{ pid: number }>).map((row) =>
        Number(row.pid),
      );
    const cpu0 = new Map((await settlerPids()).map((pid) => [pid, schedstat(pid)?.runMs ?? 0]));
    let stop = false;
    let samples = 0;
    let lockSamples = 0;
    let maxBuffers = 0;
    let lastLookup = 0;
    const watch = (async () => {
      while (!stop) {
        const rows = (
          await monitor.query(
            `select wait_event_type from pg_stat_activity
             where datname = current_database() and pid <> $1 and backend_type = 'client backend' and state = 'active'`,
            [me],
          )
        ).rows as Array<{ wait_event_type: string | null }>;
        samples += rows.length;
        lockSamples += rows.filter((row) => row.wait_event_type === "Lock").length;
        if (performance.now() - lastLookup > 1_000) {
          lastLookup = performance.now();
          const plan = (await monitor.query(`explain (analyze, buffers, format json) select balance_cents from ledger_account where id = 'p:interest'`)).rows[0]?.[
            "QUERY PLAN"
          ] as Array<{ Plan: { "Shared Hit Blocks"?: number; "Shared Read Blocks"?: number } }> | undefined;
          const top = plan?.[0]?.Plan;
          if (top) maxBuffers = Math.max(maxBuffers, (top["Shared Hit Blocks"] ?? 0) + (top["Shared Read Blocks"] ?? 0));
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const t0 = performance.now();
    let runs: Awaited<ReturnType<typeof settleDue>>[];
    try {
      runs = await Promise.all(Array.from({ length: workers }, () => settleDue(db, now, { batchSize })));
    } finally {
      stop = true;
      await watch;
    }
    const seconds = (performance.now() - t0) / 1000;
    let cpuMs: number | null = null;
    for (const pid of await settlerPids()) {
      const after = schedstat(pid);
      if (after) cpuMs = (cpuMs ?? 0) + after.runMs - (cpu0.get(pid) ?? 0);
    }
    const pages = Number((await monitor.query(`select pg_relation_size('ledger_account') / current_setting('block_size')::int as pages`)).rows[0]?.pages ?? 0);
    return {
      workers,
      batchSize,
      settled: runs.reduce((sum, run) => sum + run.settled, 0),
      perWorker: runs.map((run) => run.settled),
      profitCents: runs.reduce((sum, run) => sum + run.profitCents, 0n),
      notifications: runs.reduce((sum, run) => sum + run.notifications.length, 0),
      seconds,
      lockWaitShare: samples ? lockSamples / samples : 0,
      interestLookupMaxBuffers: maxBuffers,
      ledgerAccountPages: pages,
      pgCpuSeconds: cpuMs === null ? null : cpuMs / 1000,
    };
  });
}

/**
 * API benchmark: the production build on PostgreSQL under autocannon at 50 connections, each route
 * beside a bare Hono "hello" server measured in the same round. Writes the `## API (bench/api.ts)`
 * section of BENCHMARKS.md and prints a summary.
 *
 *   npx tsx bench/api.ts [--seconds 10] [--rounds 2] [--connections 50] [--only summary,transfers]
 *                        [--no-build] [--no-write] [--profile]
 *
 * PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres.
 * The benchmark creates its own database (termvest_bench_api_<random>), starts `node
 * dist/server/main.js` with NODE_ENV=production on it (the server migrates it), and drops it at the
 * end. Durability settings are never changed. When the server runs with autovacuum off, the
 * benchmark does its work instead: ANALYZE after the seed and after each transfer case, VACUUM
 * ANALYZE once that case's e-mails are out.
 *
 * People (bench/lib/api-seed.ts): a reader with 204 journals of history (deposits, investments,
 * maturities, payouts, transfers) and 50 notifications; a reader with 10,002 journals; 50 senders
 * and 50 recipients, each funded. Cases, in every round (the order reversed in even rounds), each run
 * right after a run of the bare Hono yardstick: /api/plans, /api/me/summary, /api/session (who
 * is signed in, asked on every page load), /api/notifications, the history's first page
 * (/api/transactions), POST /api/transfers (1 cent, a fresh Idempotency-Key each) by the 50 senders
 * in turn, each to their own recipient (what the planned load is: many people, each sending now and
 * then), and by one sender to one recipient (one hot pair: every transfer waits for the one before
 * to commit, as two transfers of the same balance must), and
 * /api/me/summary and the history's first page for the 10,000-journal reader: what a signed-in
 * user feels. (`/healthz` and the home page against a bare server were retired as targets by
 * decision 0049: no user feels them.) Before round 1, a few seconds of unmeasured load
 * on the yardstick and each case warm the JIT and the pooled connections. After the run every
 * transfer (the warm-up's too) is checked in the
 * ledger: a row for every 201 (and at most one more per connection, in flight when a run ended),
 * both balances moved by exactly the rows' sum, verifyLedger clean.
 *
 * --profile runs the server under `node --cpu-prof` and prints where its CPU time went.
 * Exits 0 when the run and the checks completed (whether or not a bar was met), 1 otherwise.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { count, inArray, sql } from "drizzle-orm";
import pg from "pg";
import { openPostgres, type DatabaseHandle } from "#server/db/client.js";
import { ledgerAccount, transfer } from "#server/db/schema.js";
import { userAccount } from "#server/services/ledger/accounts.js";
import { verifyLedger } from "#server/services/ledger/verify-ledger.js";
import { fund, seedHistory, seedNotifications, signedInUser, type BenchUser } from "./lib/api-seed.js";
import { summarizeProfiles } from "./lib/cpu-profile.js";
import { backendPids, benchDatabaseUrl, fmt, logger, machineInfo, redact, REPO_ROOT, serverSettings } from "./lib/harness.js";
import { runLoad, type LoadCase, type LoadResult } from "./lib/load.js";
import { median, table, writeSection } from "./lib/markdown.js";
import { buildApp, freePort, randomSecret, startHello, startServer } from "./lib/server.js";

const SECTION_HEADING = "## API (bench/api.ts)";
const HISTORY_JOURNALS = 200;
const HEAVY_JOURNALS = 10_000;
/** How the names of the 10,000-journal reader's cases end. */
const HEAVY_CASE = "(10,000 journals)";
const NOTIFICATIONS = 50;
const TRANSFER_CENTS = 1;
/** The senders of the many-people transfer case, each with a recipient of their own. */
const SENDERS = 50;
const MANY_SENDERS = `POST /api/transfers (${SENDERS} senders)`;
const ONE_PAIR = "POST /api/transfers (one pair)";

const log = logger("api");

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    rounds: { type: "string", default: "2" },
    connections: { type: "string", default: "50" },
    only: { type: "string" },
    "no-build": { type: "boolean", default: false },
    "no-write": { type: "boolean", default: false },
    profile: { type: "boolean", default: false },
  },
});
const SECONDS = Number(args.seconds);
const ROUNDS = Number(args.rounds);
const CONNECTIONS = Number(args.connections);
/** Unmeasured load on the yardstick and each case, transfers included, before round 1. */
const WARM_UP_SECONDS = 3;

/** Ctrl-C or SIGTERM: stop after the case under way, then clean up (server, database) as usual. */
let interrupted: string | undefined;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = signal;
    log(`${signal}: stopping after this case, then dropping the database`);
  });
}
const checkInterrupt = () => {
  if (interrupted) throw new Error(`interrupted by ${interrupted}`);
};

/** The yardstick's name; every other case is compared with it in the same round. */
const HELLO = "bare Hono hello";

interface Measured {
  round: number;
  name: string;
  result: LoadResult;
  /** req/s as a share of the yardstick's in the same round. */
  share: number;
}

interface Bar {
  text: string;
  measured: string;
  pass: boolean;
}

/** Every request says what a browser says: it takes brotli and gzip (pages and scripts are sent compressed). */
const BROWSER_HEADERS = { "Accept-Encoding": "gzip, deflate, br" };

async function withDatabase<T>(baseUrl: URL, run: (url: string) => Promise<T>): Promise<T> {
  const name = `termvest_bench_api_${randomSecret(8).toLowerCase().replace(/[^a-z0-9]/g, "x")}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: baseUrl.toString() });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  log(`created database ${name} on ${redact(baseUrl).replace(/\/[^/]*$/, "/")}`);
  const url = new URL(baseUrl.toString());
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
    log(`dropped database ${name}`);
  }
}

async function availableCents(handle: DatabaseHandle, userIds: string[]): Promise<Map<string, bigint>> {
  const rows = await handle.db
    .select({ id: ledgerAccount.id, balance: ledgerAccount.balanceCents })
    .from(ledgerAccount)
    .where(inArray(ledgerAccount.id, userIds.map((id) => userAccount(id, "available").id)));
  return new Map(rows.map((row) => [row.id, row.balance ?? 0n]));
}

/** Waits until no e-mail is waiting to be sent (at most five minutes); how long that took. */
async function drainMail(handle: DatabaseHandle): Promise<{ seconds: number; messages: number }> {
  const started = performance.now();
  const waiting = async () => {
    const result = (await handle.db.execute(sql`select count(*)::int as n from outgoing_mail where status = 'pending'`)) as unknown as { rows: Array<{ n: number }> };
    return Number(result.rows[0]?.n ?? 0);
  };
  const messages = await waiting();
  for (let left = messages; left > 0 && performance.now() - started < 300_000; left = await waiting()) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { seconds: (performance.now() - started) / 1000, messages };
}

/** A sender and their recipient in the transfer cases. */
interface Pair {
  from: BenchUser;
  to: BenchUser;
}

/**
 * Every transfer row moved exactly its cents, once: each balance moved by its rows (received less
 * sent), each answered 201 has its row (requests still in flight when a case's time ran out finish
 * after it, so there may be up to one more row per connection and run), and verifyLedger is clean.
 */
async function verifyTransfers(
  handle: DatabaseHandle,
  pairs: Pair[],
  before: Map<string, bigint>,
  succeeded: number,
  inFlight: number,
): Promise<{ rows: number; problems: string[] }> {
  const problems: string[] = [];
  const people = [...new Set(pairs.flatMap((pair) => [pair.from.id, pair.to.id]))];
  const counted = await handle.db
    .select({ from: transfer.fromUserId, to: transfer.toUserId, value: count() })
    .from(transfer)
    .where(inArray(transfer.fromUserId, people))
    .groupBy(transfer.fromUserId, transfer.toUserId);
  const rows = counted.reduce((sum, row) => sum + row.value, 0);
  if (rows < succeeded || rows > succeeded + inFlight) problems.push(`${succeeded} transfers answered 201 (and at most ${inFlight} in flight), but ${rows} transfer rows`);
  const expected = new Map(people.map((id) => [id, 0n]));
  for (const row of counted) {
    const cents = BigInt(row.value * TRANSFER_CENTS);
    expected.set(row.from, expected.get(row.from)! - cents);
    expected.set(row.to, (expected.get(row.to) ?? 0n) + cents);
  }
  const after = await availableCents(handle, people);
  for (const id of people) {
    const account = userAccount(id, "available").id;
    const moved = after.get(account)! - before.get(account)!;
    if (moved !== expected.get(id)) problems.push(`${id}'s balance moved ${moved}, expected ${expected.get(id)}`);
  }
  problems.push(...(await verifyLedger(handle.db)));
  return { rows, problems };
}

function barsOf(measured: Measured[]): Bar[] {
  const of = (name: string) => measured.filter((m) => m.name === name);
  const med = (rows: Measured[], pick: (m: Measured) => number) => median(rows.map(pick)) ?? Number.NaN;
  const errors = (rows: Measured[]) => rows.reduce((sum, m) => sum + m.result.errors + m.result.non2xx, 0);
  const bars: Bar[] = [];
  for (const name of ["GET /api/me/summary", `GET /api/me/summary ${HEAVY_CASE}`]) {
    const rows = of(name);
    if (!rows.length) continue;
    const share = med(rows, (m) => m.share);
    const p99 = med(rows, (m) => m.result.p99);
    bars.push({ text: `${name}: ≥ 10 % of bare Hono's req/s`, measured: fmt.pct(share * 100), pass: share >= 0.1 });
    bars.push({ text: `${name}: p99 < 50 ms`, measured: `${fmt.ms(p99, 1)} ms`, pass: p99 < 50 });
    bars.push({ text: `${name}: 0 errors, 0 non-2xx`, measured: String(errors(rows)), pass: errors(rows) === 0 });
  }
  const transfers = of(MANY_SENDERS);
  if (transfers.length) {
    const rate = med(transfers, (m) => m.result.ok / m.result.seconds);
    const p99 = med(transfers, (m) => m.result.p99);
    // 25× the planned peak of 20 transfers a second (decision 0049).
    bars.push({ text: `${MANY_SENDERS}: ≥ 500 transfers/s`, measured: fmt.int(rate), pass: rate >= 500 });
    bars.push({ text: `${MANY_SENDERS}: p99 < 250 ms`, measured: `${fmt.ms(p99, 1)} ms`, pass: p99 < 250 });
  }
  return bars;
}

async function main(): Promise<number> {
  const machine = machineInfo();
  const baseUrl = benchDatabaseUrl();
  if (!args["no-build"]) {
    log("building (npm run build)");
    buildApp(REPO_ROOT);
  }
  const profileDir = args.profile ? mkdtempSync(path.join(tmpdir(), "termvest-api-profile-")) : undefined;

  return withDatabase(baseUrl, async (databaseUrl) => {
    // LOG_LEVEL as shipped (info): a log line per request is part of what a request costs.
    const server = await startServer(REPO_ROOT, { databaseUrl, logLevel: "info", nodeArgs: profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [] });
    const handle = await openPostgres(databaseUrl, { max: 4 });
    const helloPort = await freePort();
    const hello = await startHello(helloPort);
    try {
      const settings = await serverSettings(handle.db, ["synchronous_commit", "fsync", "full_page_writes", "shared_buffers", "max_connections", "autovacuum"] as const);
      log(`${settings.version.split(" on ")[0]}; synchronous_commit=${settings.synchronous_commit}, fsync=${settings.fsync}, autovacuum=${settings.autovacuum}`);
      // With autovacuum off (as on this machine), nothing would ever refresh the planner's statistics
      // or clear the rows the e-mail updates leave dead: the seed's statistics (one user's 50
      // notifications) would send every later notifications query through the whole table. The
      // benchmark then does what autovacuum does on a default server within a minute of a table
      // changing by a tenth: ANALYZE after the seed and after each writing case, VACUUM ANALYZE once
      // that case's e-mails are out.
      const standInForAutovacuum = settings.autovacuum !== "on";

      log("seeding: sign-ups through the API, history through the ledger services");
      const seedStarted = performance.now();
      const reader = await signedInUser(server.baseUrl, handle.db, "Bench Reader");
      const heavy = await signedInUser(server.baseUrl, handle.db, "Bench Heavy");
      const pairs: Pair[] = [];
      for (let n = 0; n < SENDERS; n++) {
        pairs.push({ from: await signedInUser(server.baseUrl, handle.db, `Bench Sender ${n}`), to: await signedInUser(server.baseUrl, handle.db, `Bench Recipient ${n}`) });
      }
      const recipient = pairs[0]!.to;
      const readerJournals = await seedHistory(handle.db, reader.id, recipient.id, HISTORY_JOURNALS);
      await seedNotifications(handle.db, reader.id, NOTIFICATIONS);
      for (const pair of pairs) {
        await fund(handle.db, pair.from.id, 100_000_000n);
        await fund(handle.db, pair.to.id, 100_000_000n);
      }
      const transferOf = (pair: Pair) => ({
        headers: { Cookie: pair.from.cookie },
        body: JSON.stringify({ toEmail: pair.to.email, amountCents: TRANSFER_CENTS }),
      });

      const site = server.baseUrl;
      const browser = BROWSER_HEADERS;
      const cases: LoadCase[] = [
        { name: "GET /api/plans", url: `${site}/api/plans`, headers: browser },
        { name: "GET /api/me/summary", url: `${site}/api/me/summary`, headers: { ...browser, Cookie: reader.cookie } },
        { name: "GET /api/session", url: `${site}/api/session`, headers: { ...browser, Cookie: reader.cookie } },
        { name: "GET /api/notifications", url: `${site}/api/notifications`, headers: { ...browser, Cookie: reader.cookie } },
        { name: "GET /api/transactions", url: `${site}/api/transactions`, headers: { ...browser, Cookie: reader.cookie } },
        {
          name: MANY_SENDERS,
          url: `${site}/api/transfers`,
          method: "POST",
          headers: { ...browser, Origin: site, "Content-Type": "application/json" },
          inTurn: pairs.map(transferOf),
          freshIdempotencyKey: true,
        },
        {
          name: ONE_PAIR,
          url: `${site}/api/transfers`,
          method: "POST",
          headers: { ...browser, Origin: site, "Content-Type": "application/json" },
          inTurn: [transferOf(pairs[0]!)],
          freshIdempotencyKey: true,
        },
        { name: `GET /api/me/summary ${HEAVY_CASE}`, url: `${site}/api/me/summary`, headers: { ...browser, Cookie: heavy.cookie } },
        { name: `GET /api/transactions ${HEAVY_CASE}`, url: `${site}/api/transactions`, headers: { ...browser, Cookie: heavy.cookie } },
      ];
      const only = args.only?.split(",").map((word) => word.trim().toLowerCase());
      // A word naming a case exactly ("get /api/me/summary") picks that case alone; any other picks every case holding it.
      const picks = (name: string, word: string) => (cases.some((c) => c.name.toLowerCase() === word) ? name.toLowerCase() === word : name.toLowerCase().includes(word));
      const chosen = only ? cases.filter((c) => only.some((word) => picks(c.name, word))) : cases;
      // The 10,000-journal reader takes most of the seeding time: only when one of its cases runs.
      const heavyJournals = chosen.some((c) => c.name.endsWith(HEAVY_CASE)) ? await seedHistory(handle.db, heavy.id, recipient.id, HEAVY_JOURNALS) : 0;
      await handle.db.execute(sql`analyze`);
      checkInterrupt();
      log(`seeded ${readerJournals} + ${heavyJournals} journals, ${NOTIFICATIONS} notifications in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

      // Every case answers as expected once before it is loaded (a 401 at full speed proves nothing).
      for (const c of chosen.filter((item) => item.method !== "POST")) {
        const response = await fetch(c.url, { headers: c.headers });
        if (!response.ok) throw new Error(`${c.name} answered ${response.status} before the run: ${(await response.text()).slice(0, 200)}`);
      }

      // Transfers must balance from here on: the warm-up's count too.
      const before = await availableCents(handle, [...new Set(pairs.flatMap((pair) => [pair.from.id, pair.to.id]))]);
      const drains: Array<{ round: number; seconds: number; messages: number }> = [];
      let warmUpTransfers = 0;
      // What autovacuum would do after a burst of transfers, and the e-mails they queued sent, so
      // the next case is not measured against this one's backlog.
      const settleTransfers = async (round: number) => {
        if (standInForAutovacuum) await handle.db.execute(sql`analyze`);
        drains.push({ round, ...(await drainMail(handle)) });
        if (standInForAutovacuum) await handle.db.execute(sql`vacuum (analyze)`);
      };

      // Unmeasured warm-up: the yardstick and each case under the same load for a few seconds, so
      // round 1 does not measure a freshly started server: V8 compiling its hot paths (round 1 of
      // /healthz ran below the later rounds), and for transfers each pooled connection's first
      // planning of their statements and function (the first 2–4 s of round 1 had statements of
      // 75–120 ms at the 99th percentile, against 17–43 ms once warm).
      const yardstickCase: LoadCase = { name: HELLO, url: `http://127.0.0.1:${helloPort}/`, headers: browser };
      for (const c of [yardstickCase, ...chosen]) {
        checkInterrupt();
        const warm = await runLoad(c, { connections: CONNECTIONS, seconds: WARM_UP_SECONDS });
        if (c.method === "POST") {
          warmUpTransfers += warm.ok;
          await settleTransfers(0);
        }
      }

      const measured: Measured[] = [];
      const load = { connections: CONNECTIONS, seconds: SECONDS };
      // Hello runs right before every case, so each share compares two runs a few seconds apart:
      // on a shared machine the load from other work drifts over a round.
      for (let round = 1; round <= ROUNDS; round++) {
        for (const c of round % 2 ? chosen : [...chosen].reverse()) {
          checkInterrupt();
          const yardstick = await runLoad(yardstickCase, { ...load, processes: { server: () => [hello.pid!] } });
          measured.push({ round, name: HELLO, result: yardstick, share: 1 });
          const result = await runLoad(c, { ...load, processes: { server: () => [server.pid], database: () => backendPids(handle.db) } });
          const share = result.requestsPerSecond / yardstick.requestsPerSecond;
          measured.push({ round, name: c.name, result, share });
          log(
            `round ${round}: ${c.name} ${fmt.int(result.requestsPerSecond)} req/s (${fmt.pct(share * 100)} of hello's ${fmt.int(yardstick.requestsPerSecond)} just before), ` +
              `p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}; ` +
              `CPU per response: server ${fmt.ms(result.cpuMsPerResponse.server ?? null, 3)} ms (hello ${fmt.ms(yardstick.cpuMsPerResponse.server ?? null, 3)}), database ${fmt.ms(result.cpuMsPerResponse.database ?? null, 3)} ms`,
          );
          if (c.method === "POST") await settleTransfers(round);
        }
      }
      for (const drain of drains) log(`${drain.round ? `round ${drain.round}` : "warm-up"}: the transfers' e-mails were all sent ${fmt.ms(drain.seconds, 1)} s after the case ended (${fmt.int(drain.messages)} still queued when it ended)`);

      const transferOk = warmUpTransfers + measured.filter((m) => m.name === MANY_SENDERS || m.name === ONE_PAIR).reduce((sum, m) => sum + m.result.ok, 0);
      // Each run (the warm-up's too) may end with one transfer in flight per connection.
      const transferRounds = drains.length;
      // A moment for requests still in flight at the end of the last case to finish.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const check = chosen.some((c) => c.method === "POST")
        ? await verifyTransfers(handle, pairs, before, transferOk, CONNECTIONS * transferRounds)
        : { rows: 0, problems: [] };
      const problems = check.problems;
      log(problems.length ? `transfer check FAILED: ${problems.join("; ")}` : `transfer check: ${check.rows} transfers (${transferOk} answered within the runs), every one in the ledger`);
      machine.loadAfter = (await import("node:os")).loadavg();

      const bars = barsOf(measured);
      for (const bar of bars) log(`${bar.pass ? "PASS" : "FAIL"} ${bar.text}: ${bar.measured}`);

      if (!args["no-write"]) {
        const rows = measured.map((m) => [
          String(m.round),
          m.name,
          fmt.int(m.result.requestsPerSecond),
          m.name === HELLO ? "–" : fmt.pct(m.share * 100),
          String(m.result.p50),
          String(m.result.p99),
          String(m.result.errors),
          String(m.result.non2xx),
          fmt.ms(m.result.cpuMsPerResponse.server ?? null, 3),
          fmt.ms(m.result.cpuMsPerResponse.database ?? null, 3),
        ]);
        const body = [
          `- Date: ${new Date().toISOString().replace(/\.\d+Z$/, "Z")}`,
          `- Machine: ${machine.cores} cores (\`nproc\`), ${machine.memoryGiB} GiB memory, ${machine.cpuModel}; load average (1 / 5 / 15 min) ${fmt.load(machine.loadBefore)} before, ${fmt.load(machine.loadAfter)} after. The server, PostgreSQL, autocannon and the yardstick share these cores.`,
          `- Node ${process.version}; ${settings.version.split(" on ")[0]}; the server logs as shipped (LOG_LEVEL=info: a line per request, to a file); durability as shipped: synchronous_commit = ${settings.synchronous_commit}, fsync = ${settings.fsync}, full_page_writes = ${settings.full_page_writes}. autovacuum = ${settings.autovacuum}${standInForAutovacuum ? "; in its place the benchmark runs ANALYZE after the seed and after each transfer case, and VACUUM ANALYZE once that case's e-mails are sent, as autovacuum would on a default server (without it, the seed's statistics sent every later notifications and history query through the whole table: 52–82 req/s)" : ""}.`,
          `- Command: \`npx tsx bench/api.ts\` (builds; \`node dist/server/main.js\` with NODE_ENV=production on a fresh PostgreSQL database \`termvest_bench_api_<random>\` on ${redact(baseUrl).replace(/\/[^/]*$/, "/")}, dropped at the end).`,
          `- Load: autocannon, ${CONNECTIONS} connections, ${SECONDS} s per case, ${ROUNDS} rounds, after ${WARM_UP_SECONDS} s of unmeasured load on the yardstick and each case, transfers included (the JIT's warm-up, and each pooled connection's first planning of the transfer statements); in each round every route runs right after the bare Hono "hello" server (its own process, \`bench/lib/hello-server.ts\`), routes in reverse order in even rounds. *Share* is the route's req/s over the hello run just before it. Every request carries \`Accept-Encoding: gzip, deflate, br\`, as a browser's does.`,
          `- Data: a reader with ${fmt.int(readerJournals)} journals (deposits, investments, maturities with interest, payout requests, paid payouts, transfers) and ${NOTIFICATIONS} notifications; a reader with ${fmt.int(heavyJournals)} journals; ${SENDERS} funded senders, each with a funded recipient of their own (the one-pair case uses the first pair). Transfers are 1 cent each with a fresh Idempotency-Key; afterwards ${problems.length ? `**the check failed**: ${problems.join("; ")}` : `all ${fmt.int(check.rows)} transfers (${fmt.int(transferOk)} answered 201 within the runs and the warm-up, the rest in flight when a run ended) were found in the ledger: one transfer row each, every balance moved by exactly its rows, verifyLedger clean`}.`,
          ...(drains.length
            ? [
                `- E-mail: each transfer queues two e-mails (sender and recipient), sent by the server's own job queue after the answer (to the outbox, SMTP_URL empty). The next case starts only when none is waiting: ${drains.map((d) => `${d.round ? `round ${d.round}` : "warm-up"}, ${fmt.int(d.messages)} waiting at the end of the case, all sent ${fmt.ms(d.seconds, 1)} s later`).join("; ")}.`,
              ]
            : []),
          "",
          "### Bars",
          "",
          "Medians over the rounds.",
          "",
          table(["Bar", "Measured", "Result"], bars.map((bar) => [bar.text, bar.measured, bar.pass ? "PASS" : "**FAIL**"]), ["l", "r", "l"]),
          "",
          "### Every case",
          "",
          table(["Round", "Case", "Req/s", "Share of hello", "p50 ms", "p99 ms", "Errors", "Non-2xx", "Server CPU ms/resp", "DB CPU ms/resp"], rows, ["r", "l", "r", "r", "r", "r", "r", "r", "r", "r"]),
          "",
          "*CPU ms/resp*: CPU time (user + system, `/proc/<pid>/stat`) of the server process (for hello, its own process) and of this database's PostgreSQL backends during the case, over the responses it got: what one request costs, whatever else the machine was doing.",
          "",
          "Where the time went and what changed it: decisions [0029](docs/decisions/0029-api-speed.md) (the summary's totals per account-row version), [0045](docs/decisions/0045-a-history-page-costs-what-it-shows.md) (a history page reads a page's worth of postings) and [0049](docs/decisions/0049-one-plain-way-to-move-money-and-serve-requests.md) (every transfer in its own transaction, no batching; the figures before it are in the section below).",
        ].join("\n");
        writeSection(SECTION_HEADING, body);
        log("wrote BENCHMARKS.md");
      }
      return problems.length ? 1 : 0;
    } finally {
      hello.kill("SIGTERM");
      await handle.close();
      await server.stop();
      if (profileDir) {
        const profile = summarizeProfiles(profileDir);
        log(`CPU profile (${profile.samples} samples) in ${profileDir}`);
        for (const item of profile.byOwner) log(`  ${item.pct.toFixed(1).padStart(5)} %  ${item.name}`);
        log("top functions by self time:");
        for (const item of profile.byFunction) log(`  ${item.pct.toFixed(1).padStart(5)} %  ${item.name}`);
      }
    }
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

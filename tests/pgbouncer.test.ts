import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { utcMonthStart } from "#shared/schemas/statements.js";
import { openPostgres, type DatabaseHandle } from "#server/db/client.js";
import { readMigrationJournal } from "#server/db/migration-status.js";
import { migrationsDir } from "#server/paths.js";
import { verifyLedger } from "#server/services/ledger/verify-ledger.js";
import { bankDepositBody } from "./helpers/deposits.js";
import { markIdentityVerified, person, summary, type Person } from "./helpers/people.js";
import { requirePgbouncer, skipPgbouncer, startPgbouncer, type RunningPgbouncer } from "./helpers/pgbouncer.js";
import { createDatabase, postgresAnswers } from "./helpers/postgres-server.js";
import type { ServerSuite } from "./helpers/suite.js";
import { signIn, signUp, startTestServer, uniqueEmail, type TestServer } from "./helpers/test-server.js";

/**
 * Three real servers on one PostgreSQL database through PgBouncer 1.18 in transaction mode, with
 * deploy/pgbouncer.ini as shipped (decision 0062). The database is empty, so the three starting
 * together also migrate it through PgBouncer. Every statement node-postgres sends is watched: a
 * named one (a protocol-level prepared statement) would break here, and the last tests show both
 * that the app sends none and that one would.
 */
const ADMIN_DATABASE_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const MIGRATION_LOCK_ID = 7_420_514;
const DAY = 86_400_000;

/** Every query node-postgres sends from this process, and the names of the named ones. */
const sent = { statements: 0, named: [] as string[] };
const originalQuery = pg.Client.prototype.query;

function watchStatements(): void {
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config] = args;
    if (typeof config === "string" || (config !== null && typeof config === "object" && "text" in config)) sent.statements += 1;
    const name = config !== null && typeof config === "object" && "name" in config ? (config as { name?: unknown }).name : undefined;
    if (name) sent.named.push(String(name));
    return (originalQuery as (...values: unknown[]) => unknown).apply(this, args);
  } as typeof originalQuery;
}

describe.skipIf(skipPgbouncer)("the app through PgBouncer in transaction mode (deploy/pgbouncer.ini)", () => {
  let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
  let bouncer: RunningPgbouncer | undefined;
  const handles: DatabaseHandle[] = [];
  const servers: TestServer[] = [];
  /** The database itself, beside PgBouncer: what the checks read. */
  let direct: pg.Client | undefined;

  const suiteOf = (index: number): ServerSuite => ({ database: { handle: handles[index]!, dispose: async () => undefined }, server: servers[index]! });
  const rows = async <T>(text: string, values: unknown[] = []) => (await direct!.query(text, values)).rows as T[];

  beforeAll(async () => {
    requirePgbouncer();
    if (!(await postgresAnswers(ADMIN_DATABASE_URL))) throw new Error(`The PgBouncer test needs PostgreSQL: nothing answers at ${ADMIN_DATABASE_URL} (TEST_DATABASE_URL).`);
    database = await createDatabase(ADMIN_DATABASE_URL, `termvest_pgbouncer_${randomBytes(5).toString("hex")}`);
    direct = new pg.Client({ connectionString: database.url });
    await direct.connect();
    bouncer = await startPgbouncer(database.url);
    watchStatements();
    for (let index = 0; index < 3; index++) handles.push(await openPostgres(bouncer.url));
    // All three at once, on an empty database: their migrations must take turns.
    servers.push(...(await Promise.all(handles.map((handle) => startTestServer(handle)))));
  }, 90_000);

  afterAll(async () => {
    pg.Client.prototype.query = originalQuery;
    await Promise.all(servers.map((server) => server.close()));
    // Before the pools: a pool ends only once its connections are back, and a start that never
    // finished (a test that failed) may hold one on PgBouncer for good.
    await bouncer?.stop();
    await Promise.all(handles.map((handle) => handle.close()));
    await direct?.end();
    await database?.drop();
  });

  it("lets three servers start at once: the migrations take turns under a lock that ends with them", async () => {
    for (const server of servers) expect((await fetch(new URL("/readyz", server.url))).status).toBe(200);
    const [applied] = await rows<{ count: string }>("select count(*) from drizzle.__drizzle_migrations");
    expect(Number(applied!.count)).toBe(readMigrationJournal(migrationsDir).count);
    // A session lock would stay with whichever server connection took it; this one ended with its transaction.
    expect(await rows("select pid from pg_locks where locktype = 'advisory' and objid = $1 and database = (select oid from pg_database where datname = current_database())", [MIGRATION_LOCK_ID])).toEqual([]);
  });

  let ada: Person;
  let ben: Person;

  it("signs up (the e-mail sent by the job queue), verifies, signs in, has a deposit confirmed, sends a transfer and reads it back", async () => {
    const email = uniqueEmail("ada");
    const client = servers[0]!.client();
    expect((await signUp(client, { name: "Ada Obi", email })).status).toBe(200);
    // Whichever of the three servers' workers took the send-mail job sent it.
    const mailed = () => servers.flatMap((server) => server.mailer.find(email, /confirm your e-mail/i));
    await expect.poll(() => mailed().length, { timeout: 15_000 }).toBe(1);
    const link = new URL(mailed()[0]!.text.match(/https?:\/\/\S+/)![0]);
    expect((await client.get(link.pathname + link.search)).status).toBe(302);
    expect((await signIn(client, email)).status).toBe(200);
    const session = await (await client.get("/api/session")).json();
    expect(session.user).toMatchObject({ email, emailVerified: true });
    await markIdentityVerified(handles[0]!.db, session.user.id);
    ada = { client, id: session.user.id, email };

    const admin = await person(suiteOf(1), { admin: true, name: "Kemi Admin" });
    ben = await person(suiteOf(2), { name: "Ben Eze" });
    const deposit = await (await ada.client.post("/api/deposits", await bankDepositBody(ada.client, 50_000))).json();
    const confirmed = await admin.client.post(`/api/admin/deposits/${deposit.id}/confirm`, {});
    expect(confirmed.status).toBe(200);
    expect(await summary(ada)).toMatchObject({ mainBalanceCents: 50_000 });

    const sentTransfer = await ada.client.post("/api/transfers", { toEmail: ben.email, amountCents: 20_000, note: "through the pool" });
    expect(sentTransfer.status).toBe(201);
    expect(await summary(ada)).toMatchObject({ mainBalanceCents: 30_000 });
    expect(await summary(ben)).toMatchObject({ mainBalanceCents: 20_000 });
    const history = await (await ada.client.get("/api/transactions?limit=1")).json();
    expect(history.items[0]).toMatchObject({ mainBalanceChangeCents: -20_000, mainBalanceAfterCents: 30_000 });
    const older = await (await ada.client.get(`/api/transactions?limit=1&cursor=${encodeURIComponent(history.nextCursor)}`)).json();
    expect(older.items[0]).toMatchObject({ mainBalanceChangeCents: 50_000, mainBalanceAfterCents: 50_000 });
    const queue = await (await admin.client.get("/api/admin/deposits?status=confirmed")).json();
    expect(queue.items.map((row: { id: string }) => row.id)).toContain(deposit.id);
    // The transfer's e-mails went through the job queue as well.
    await expect.poll(() => servers.flatMap((server) => server.mailer.to(ben.email)).filter((mail) => /money received/i.test(mail.subject)).length, { timeout: 15_000 }).toBe(1);
  });

  it("serves a burst of transfers through all three servers with fewer server connections than the servers' pools hold", async () => {
    // Three pairs whose senders use three different servers: 15 transfers a pair, all at once.
    const people = await Promise.all(Array.from({ length: 6 }, (_unused, index) => person(suiteOf(index % 3), { funds: 100_000n })));
    const answers = await Promise.all(
      Array.from({ length: 45 }, (_unused, turn) => {
        const pair = turn % 3;
        return people[2 * pair]!.client.post("/api/transfers", { toEmail: people[2 * pair + 1]!.email, amountCents: 1_000 }).then((response) => response.status);
      }),
    );
    expect(answers).toEqual(Array(45).fill(201));
    for (const [index, someone] of people.entries()) expect(await summary(someone)).toMatchObject({ mainBalanceCents: index % 2 === 0 ? 85_000 : 115_000 });
    expect(await verifyLedger(handles[0]!.db)).toEqual([]);
    // The servers' pools opened more connections to PgBouncer than PostgreSQL ever saw from it (its
    // pool and reserve, 20 + 5; idle server connections stay open, so this counts the most at once).
    const [backends] = await rows<{ count: string }>("select count(*) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()");
    const clients = handles.reduce((total, handle) => total + handle.connections().total, 0);
    expect(Number(backends!.count)).toBeLessThanOrEqual(25);
    expect(clients).toBeGreaterThan(Number(backends!.count));
  });

  it("reads a PDF statement in its REPEATABLE READ, read-only transaction", async () => {
    const month = new Date().toISOString().slice(0, 7);
    const monthEnd = utcMonthStart(Number(month.slice(0, 4)), Number(month.slice(5, 7)));
    servers[0]!.clock.advance(monthEnd.getTime() + DAY - servers[0]!.clock.now().getTime());
    const response = await ada.client.get(`/api/statements/monthly/${month}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await response.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("sends only unnamed statements, each living inside the one exchange that uses it", () => {
    expect(sent.statements).toBeGreaterThan(500);
    expect(sent.named).toEqual([]);
  });

  it("would break a named statement: prepared on one server connection, it is missing on the next", async () => {
    const probe = { name: "termvest_probe", text: "select pg_backend_pid() as pid" };
    const owner = new pg.Client({ connectionString: bouncer!.url });
    await owner.connect();
    try {
      const preparedOn = (await owner.query(probe)).rows[0].pid;
      // Another client's open transaction takes that very server connection (PgBouncer hands out
      // the one freed last, so a few tries at most); the owner's next use must go to another one.
      for (let attempt = 0; attempt < 50; attempt++) {
        const other = new pg.Client({ connectionString: bouncer!.url });
        await other.connect();
        try {
          await other.query("begin");
          if ((await other.query("select pg_backend_pid() as pid")).rows[0].pid !== preparedOn) continue;
          await expect(owner.query(probe)).rejects.toThrow('prepared statement "termvest_probe" does not exist');
          return;
        } finally {
          await other.query("commit").catch(() => undefined);
          await other.end();
        }
      }
      throw new Error("no client was handed the probe's server connection in 50 tries");
    } finally {
      await owner.end();
    }
  });
});

/** server/ source and SQL, for what transaction pooling cannot carry from one transaction to the next. */
function serverSources(folder = "server"): Array<{ file: string; text: string }> {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return serverSources(file);
    return /\.(ts|sql)$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [{ file, text: readFileSync(file, "utf8") }] : [];
  });
}

/** Where a statement's text begins: a Drizzle `sql` template, or the text given to executeSql or query. */
const STATEMENT_START = "(sql`|(executeSql|query)\\(\\s*[\"'`])\\s*";

describe("what would not survive transaction pooling", () => {
  it("is nowhere in server/: no named statement, session lock, LISTEN, session SET or temporary table kept past its transaction", () => {
    const forbidden: Array<[string, RegExp]> = [
      ["a named prepared statement (drizzle's .prepare(name))", /\.prepare\(\s*["'`]/],
      ["a session-level advisory lock", /pg_(try_)?advisory_lock(_shared)?\s*\(/],
      ["LISTEN or UNLISTEN", new RegExp(`${STATEMENT_START}(un)?listen\\s`, "i")],
      ["a session SET, RESET or DISCARD", new RegExp(`${STATEMENT_START}(set\\s+(session\\s+)?(?!local\\b)[a-z_.]+\\s*(=|to\\b)|reset\\s|discard\\s)`, "i")],
      ["set_config for the session", /set_config\([^)]*,\s*false\s*\)/i],
      // One dropped at commit lives and dies in the transaction, as the pooler's connection does.
      ["a temporary table kept past its transaction", /create\s+(temp|temporary)\s+table(?![^;`]*on\s+commit\s+drop)/i],
      ["a cursor kept across transactions", /with\s+hold/i],
    ];
    const found = serverSources().flatMap(({ file, text }) => forbidden.filter(([, pattern]) => pattern.test(text)).map(([what]) => `${file}: ${what}`));
    expect(found).toEqual([]);
  });
});

import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DbExecutor } from "#server/db/client.js";
import { handleControl } from "#server/control.js";
import { recordAudit } from "#server/services/audit/record-audit.js";
import { flushSignInFailures } from "#server/services/audit/sign-in-failures.js";
import { runAuditCheck } from "#server/services/audit/run-audit-check.js";
import { verifyAuditChain } from "#server/services/audit/verify-audit-chain.js";
import { person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";
import { uniqueEmail } from "./helpers/test-server.js";
import { createTestDatabase } from "./helpers/database.js";
import { insertUser } from "./helpers/users.js";

const suite = serverSuite();
const db = () => suite.database.handle.db;

const entry = (n: number) => ({ actorId: null, action: "test.entry", targetType: "test", targetId: `t-${n}`, before: { n }, after: { n: n + 1, note: "é ✓ \"quoted\"\nline" } });

/** Changes one row behind the application's back, as a superuser who turns the triggers off would. */
async function tamper(statement: ReturnType<typeof sql>) {
  await db().transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}

const chain = async () =>
  ((await db().execute(sql`select id, seq::int as seq, prev_hash, hash from audit_log order by seq`)) as unknown as {
    rows: Array<{ id: string; seq: number; prev_hash: string; hash: string }>;
  }).rows;

describe("the audit log's hash chain", () => {
  it("links every entry to the one before it, and verify says it is whole", async () => {
    for (let n = 0; n < 3; n++) await recordAudit(db(), entry(n));
    const rows = await chain();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    rows.forEach((row, index) => {
      expect(row.seq).toBe(index + 1);
      expect(row.prev_hash).toBe(index === 0 ? "0".repeat(64) : rows[index - 1]!.hash);
    });
    const report = await verifyAuditChain(db());
    expect(report).toEqual({ entries: rows.length, headHash: rows.at(-1)!.hash, last: { seq: BigInt(rows.at(-1)!.seq), hash: rows.at(-1)!.hash } });
    expect(await handleControl(db(), "audit-verify", {})).toMatchObject({ ok: true });
  });

  it("refuses UPDATE, DELETE and TRUNCATE in the database", async () => {
    await recordAudit(db(), entry(10));
    for (const statement of [sql`update audit_log set action = 'x'`, sql`delete from audit_log`, sql`truncate audit_log`]) {
      const refused = await db().execute(statement).then(() => undefined, (error: Error) => error);
      expect(String((refused?.cause as Error | undefined)?.message)).toMatch(/is refused: the audit log is append-only/);
    }
    expect((await verifyAuditChain(db())).broken).toBeUndefined();
  });

  it("keeps one chain when entries are appended concurrently", async () => {
    const before = (await chain()).length;
    await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        db().transaction(async (tx) => {
          await recordAudit(tx as DbExecutor, entry(100 + n));
          await recordAudit(tx as DbExecutor, entry(200 + n));
        }),
      ),
    );
    const rows = await chain();
    expect(rows.length).toBe(before + 24);
    expect(new Set(rows.map((row) => row.prev_hash)).size).toBe(rows.length);
    expect((await verifyAuditChain(db())).broken).toBeUndefined();
  });

  it("names the first entry edited behind the application's back", async () => {
    const rows = await chain();
    const victim = rows[Math.floor(rows.length / 2)]!;
    await tamper(sql`update audit_log set after = '{"n": 999}'::jsonb where id = ${victim.id}`);
    const reply = await handleControl(db(), "audit-verify", {});
    expect(reply.ok).toBe(false);
    expect(reply.message).toContain(`entry ${victim.seq} (id ${victim.id})`);
    expect(reply.message).toContain("no longer match its hash");
    expect((await verifyAuditChain(db())).broken).toMatchObject({ id: victim.id, reason: "its contents no longer match its hash" });
  });

  it("names the entry after one removed behind the application's back", async () => {
    const fresh = await createTestDatabase();
    try {
      const freshDb = fresh.handle.db;
      for (let n = 0; n < 4; n++) await recordAudit(freshDb, entry(n));
      await freshDb.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`delete from audit_log where seq = 2`);
      });

      const report = await verifyAuditChain(freshDb);
      expect(report.entries).toBe(1);
      expect(report.broken).toEqual({ id: expect.any(String), seq: "3", reason: "entry 2 is missing: the chain jumps from 1 to 3" });

    } finally {
      await fresh.dispose();
    }
  });
});

describe("sign-in failures", () => {
  it("become one audit entry per account per finished hour, with the count", async () => {
    const victim = await person(suite);
    const stranger = uniqueEmail("nobody");
    for (let n = 0; n < 3; n++) {
      const response = await suite.server.client().post("/api/auth/sign-in/email", { email: victim.email, password: "wrong password 1" });
      expect(response.status).toBe(401);
    }
    await suite.server.client().post("/api/auth/sign-in/email", { email: stranger, password: "wrong password 1" });
    expect(await flushSignInFailures(db(), new Date())).toBe(0);
    expect(await flushSignInFailures(db(), new Date(Date.now() + 3_600_000))).toBe(2);
    const entries = (await db().execute(sql`select action, target_id, after from audit_log where action like 'security.sign_in%' order by seq`)) as unknown as {
      rows: Array<{ action: string; target_id: string; after: { failures: number; addresses?: number } }>;
    };
    expect(entries.rows).toEqual([
      expect.objectContaining({ action: "security.sign_in_failed", target_id: victim.id, after: expect.objectContaining({ failures: 3 }) }),
      expect.objectContaining({ action: "security.sign_in_failed_unknown_accounts", after: expect.objectContaining({ failures: 1, addresses: 1 }) }),
    ]);
    expect(await flushSignInFailures(db(), new Date(Date.now() + 3_600_000))).toBe(0);
  });

  it("two-factor changes are audited with the request's id", async () => {
    const someone = await person(suite, { twoFactor: true });
    const rows = (await db().execute(sql`select action, request_id from audit_log where target_id = ${someone.id} order by seq`)) as unknown as {
      rows: Array<{ action: string; request_id: string | null }>;
    };
    expect(rows.rows).toEqual([{ action: "security.two_factor_enabled", request_id: expect.any(String) }]);
  });
});

describe("the periodic audit check (decision 0063)", () => {
  it("walks the whole chain first, then only what is new, and sweeps the older entries again a window at a time", async () => {
    const fresh = await createTestDatabase();
    try {
      const freshDb = fresh.handle.db;
      await insertUser(freshDb, { role: "admin" });
      for (let n = 0; n < 4; n++) await recordAudit(freshDb, entry(n));
      const first = await runAuditCheck(freshDb, new Date());
      expect(first).toMatchObject({ entries: 4, head: { seq: 4n }, sweptTo: 0n });
      expect(first.broken).toBeUndefined();
      await recordAudit(freshDb, entry(4));
      // The new entry, then the older ones again from the start (fewer than a window: all of them).
      const second = await runAuditCheck(freshDb, new Date());
      expect(second).toMatchObject({ entries: 1 + 4, head: { seq: 5n }, sweptTo: 0n });

      // An entry edited in place, its hash left as it was: the sweep finds it.
      await freshDb.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`update audit_log set after = '{"n": 999}'::jsonb where seq = 2`);
      });
      const third = await runAuditCheck(freshDb, new Date());
      expect(third.broken).toEqual({ seq: "2", reason: "its contents no longer match its hash" });
      const mail = (await freshDb.execute(sql`select count(*)::int as n from outgoing_mail where kind = 'audit-check'`)) as unknown as { rows: Array<{ n: number }> };
      expect(mail.rows[0]?.n).toBe(1);
      // After a broken check, the next reads the whole chain again, and finds it still broken.
      expect((await runAuditCheck(freshDb, new Date())).broken).toMatchObject({ seq: "2" });
    } finally {
      await fresh.dispose();
    }
  });

  it("finds the chain rewritten up to its head: the entry the last check ended at no longer has its hash", async () => {
    const fresh = await createTestDatabase();
    try {
      const freshDb = fresh.handle.db;
      for (let n = 0; n < 3; n++) await recordAudit(freshDb, entry(n));
      expect((await runAuditCheck(freshDb, new Date())).broken).toBeUndefined();
      await freshDb.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`update audit_log set hash = repeat('a', 64) where seq = 3`);
      });
      expect((await runAuditCheck(freshDb, new Date())).broken).toEqual({ seq: "3", reason: "its hash is no longer the one an earlier check recorded" });
    } finally {
      await fresh.dispose();
    }
  });
});

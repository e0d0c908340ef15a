import { describe, expect, it } from "vitest";
import { recordAudit } from "#server/services/audit/record-audit.js";
import { person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";
import { STRONG_PASSWORD } from "./helpers/test-server.js";
import { nextTotpCode } from "./helpers/totp.js";

const suite = serverSuite();
const db = () => suite.database.handle.db;

type Entry = { seq: number; action: string; actorEmail: string | null; targetId: string; targetType: string; requestId: string | null; after: unknown };
const items = async (response: Response) => ((await response.json()) as { items: Entry[]; nextCursor: string | null; total: number });

describe("GET /api/admin/audit", () => {
  it("answers 401 signed out and 403 to users", async () => {
    expect((await suite.server.client().get("/api/admin/audit")).status).toBe(401);
    const user = await person(suite);
    expect((await user.client.get("/api/admin/audit")).status).toBe(403);
  });

  it("filters by actor, target, action and days, pages newest first, sorts, and exports CSV", async () => {
    const admin = await person(suite, { admin: true });
    const other = await person(suite, { admin: true });
    for (let n = 0; n < 5; n++) await recordAudit(db(), { actorId: admin.id, action: "plan.update", targetType: "plan", targetId: `plan-${n}`, before: { n }, after: { n: n + 1 } });
    await recordAudit(db(), { actorId: other.id, action: "deposit.confirm", targetType: "deposit", targetId: "dep-1", before: null, after: { status: "confirmed" } });

    const byActor = await items(await admin.client.get(`/api/admin/audit?actor=${encodeURIComponent(admin.email)}&action=plan.`));
    expect(byActor.total).toBe(5);
    expect(byActor.items.map((row) => row.targetId)).toEqual(["plan-4", "plan-3", "plan-2", "plan-1", "plan-0"]);
    expect(byActor.items[0]).toMatchObject({ actorEmail: admin.email, after: { n: 5 } });

    const byActorId = await items(await admin.client.get(`/api/admin/audit?actor=${other.id}&action=deposit.`));
    expect(byActorId.items.map((row) => row.action)).toEqual(["deposit.confirm"]);
    expect((await items(await admin.client.get("/api/admin/audit?target=dep-1"))).items.map((row) => row.action)).toEqual(["deposit.confirm"]);
    expect((await items(await admin.client.get("/api/admin/audit?target=plan"))).total).toBe(5);

    const firstPage = await items(await admin.client.get(`/api/admin/audit?action=plan.update&limit=2&sort=seq`));
    expect(firstPage).toMatchObject({ total: 5, nextCursor: expect.any(String) });
    const paged = await items(await admin.client.get(`/api/admin/audit?action=plan.update&limit=2&sort=seq&cursor=${firstPage.nextCursor}`));
    expect(paged.total).toBe(5);
    expect(paged.items.map((row) => row.targetId)).toEqual(["plan-2", "plan-3"]);

    const today = new Date().toISOString().slice(0, 10);
    expect((await items(await admin.client.get(`/api/admin/audit?action=plan.&from=${today}&to=${today}`))).total).toBe(5);
    expect((await items(await admin.client.get(`/api/admin/audit?action=plan.&to=2020-01-01`))).total).toBe(0);
    // The two-factor enrolments of both admins are security events of their own.
    expect((await items(await admin.client.get("/api/admin/audit?action=security.two_factor"))).total).toBeGreaterThanOrEqual(2);

    const csv = await admin.client.get(`/api/admin/audit?action=plan.update&format=csv&sort=seq`);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toContain('"Action"');
    expect(lines).toHaveLength(6);
    expect(lines[1]).toContain('"plan-0"');
  });

  it("records the id of the request that wrote an entry", async () => {
    const admin = await person(suite, { admin: true });
    const response = await admin.client.request("/api/admin/ledger-check", { method: "POST", body: {}, headers: { "X-Request-Id": "req-audit-42" } });
    expect(response.status).toBe(200);
    const found = await items(await admin.client.get("/api/admin/audit?action=ledger.check&limit=1"));
    expect(found.items[0]).toMatchObject({ requestId: "req-audit-42", actorEmail: admin.email });
  });

  it("refuses bad filters with a clear error", async () => {
    const admin = await person(suite, { admin: true });
    for (const [query, message] of [
      ["limit=101", "limit is at most 100."],
      ["cursor=%21", "cursor is not one this list gave"],
      ["sort=hash", "sort must be one of seq, action, actor"],
      ["from=2026-02-30", "from must be a date like 2026-01-31."],
      ["from=2026-03-02&to=2026-03-01", "from must be on or before to."],
    ] as const) {
      const response = await admin.client.get(`/api/admin/audit?${query}`);
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toContain(message);
    }
  });
});

describe("a user's own security changes", () => {
  it("are audited with the user as actor and target, and no secret: new backup codes, a password change, a completed reset", async () => {
    const admin = await person(suite, { admin: true });
    const user = await person(suite, { twoFactor: true });
    const codes = await user.client.post("/api/auth/two-factor/generate-backup-codes", { password: STRONG_PASSWORD, code: await nextTotpCode(user.totpSecret!) });
    expect(codes.status).toBe(200);
    const backupCodes = ((await codes.json()) as { backupCodes: string[] }).backupCodes;
    const changed = await user.client.post("/api/auth/change-password", { currentPassword: STRONG_PASSWORD, newPassword: "Changed-Ledger-4242" });
    expect(changed.status).toBe(200);

    expect((await suite.server.client().post("/api/auth/request-password-reset", { email: user.email, redirectTo: "/reset-password" })).status).toBe(200);
    await expect.poll(() => suite.server.mailer.find(user.email, /reset/i).length).toBe(1);
    const link = suite.server.mailer.find(user.email, /reset/i)[0]?.text.match(/https?:\/\/\S+/)?.[0] ?? "";
    const token = new URL(link).pathname.split("/").pop();
    expect((await suite.server.client().post("/api/auth/reset-password", { token, newPassword: "Reset-Ledger-5353" })).status).toBe(200);

    const response = await admin.client.get(`/api/admin/audit?target=${user.id}&action=security.&sort=seq`);
    expect(response.status).toBe(200);
    const found = await items(response);
    expect(found.items.map((row) => row.action)).toEqual([
      "security.two_factor_enabled",
      "security.backup_codes_regenerated",
      "security.password_changed",
      "security.password_reset",
    ]);
    for (const row of found.items) expect(row).toMatchObject({ actorEmail: user.email, targetType: "user", targetId: user.id, requestId: expect.any(String) });
    const written = JSON.stringify(found.items);
    for (const secret of [STRONG_PASSWORD, "Changed-Ledger-4242", "Reset-Ledger-5353", token!, ...backupCodes]) expect(written).not.toContain(secret);
  });
});

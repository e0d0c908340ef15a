import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bankDepositBody } from "./helpers/deposits.js";
import { person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";
import { listWallet } from "./helpers/withdrawal-addresses.js";
import { creditMainBalance } from "./helpers/ledger.js";

const suite = serverSuite();
const db = () => suite.database.handle.db;
const WALLET = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";
const today = () => new Date().toISOString().slice(0, 10);

type Day = Record<string, number | string>;

describe("reconciliation", () => {
  it("answers 401 signed out and 403 to users", async () => {
    const user = await person(suite);
    for (const [method, path] of [["get", "/api/admin/reconciliation"], ["post", "/api/admin/ledger-check"]] as const) {
      const anonymous = suite.server.client();
      expect((method === "get" ? await anonymous.get(path) : await anonymous.post(path)).status).toBe(401);
      expect((method === "get" ? await user.client.get(path) : await user.client.post(path)).status).toBe(403);
    }
  });

  it("matches a day of deposits and payouts with the platform accounts, and shows an injected difference", async () => {
    const admin = await person(suite, { admin: true });
    const alice = await person(suite);
    await listWallet(db(), alice.id, WALLET);
    const made = await (await alice.client.post("/api/deposits", await bankDepositBody(alice.client, 50_000))).json();
    expect((await admin.client.post(`/api/admin/deposits/${made.id}/confirm`, { receivedCents: 49_000, reason: "Bank charges of $10" })).status).toBe(200);
    const payout = await (await alice.client.post("/api/payouts", { amountCents: 9_000, walletAddress: WALLET })).json();
    expect((await admin.client.post(`/api/admin/payouts/${payout.id}/mark-paid`, { txId: "tx-rec-1" })).status).toBe(200);

    const report = await (await admin.client.get(`/api/admin/reconciliation?from=${today()}&to=${today()}`)).json();
    expect(report).toMatchObject({ from: today(), to: today(), daysWithDifferences: 0 });
    expect(report.days).toEqual([
      {
        day: today(),
        depositsConfirmedCents: 49_000,
        depositsLedgerCents: 49_000,
        depositsDifferenceCents: 0,
        payoutsPaidCents: 9_000,
        payoutsLedgerCents: 9_000,
        payoutsDifferenceCents: 0,
        profitPaidCents: 0,
        interestLedgerCents: 0,
        interestDifferenceCents: 0,
        feesChargedCents: 0,
        feesLedgerCents: 0,
        feesDifferenceCents: 0,
        liabilitiesCents: 40_000,
      },
    ]);

    // Money credited with no confirmed deposit behind it: the books no longer match the business.
    await creditMainBalance(db(), alice.id, 1_234n, `injected:${alice.id}`);
    const after = await (await admin.client.get(`/api/admin/reconciliation?from=${today()}&to=${today()}`)).json();
    expect(after.daysWithDifferences).toBe(1);
    expect(after.days[0]).toMatchObject({ depositsConfirmedCents: 49_000, depositsLedgerCents: 50_234, depositsDifferenceCents: -1_234, liabilitiesCents: 41_234 });

    const csv = await admin.client.get(`/api/admin/reconciliation?from=${today()}&to=${today()}&format=csv`);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(`"${today()}",490.00,502.34,-12.34,90.00,90.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,412.34`);
  });

  it("covers every day of the period, carrying liabilities from before it", async () => {
    const admin = await person(suite, { admin: true });
    const from = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const report = await (await admin.client.get(`/api/admin/reconciliation?from=${from}&to=${today()}`)).json();
    expect(report.days.map((day: Day) => day.day)).toHaveLength(3);
    const liabilities = (await db().execute(sql`select coalesce(sum(balance_cents), 0)::int as total from ledger_account where user_id is not null`)) as unknown as {
      rows: Array<{ total: number }>;
    };
    expect(report.days.at(-1).liabilitiesCents).toBe(liabilities.rows[0]?.total);
    expect((await (await admin.client.get("/api/admin/reconciliation")).json()).days).toHaveLength(30);
    for (const query of ["from=2026-03-01&to=2026-02-01", "from=2020-01-01&to=2026-01-01", "to=yesterday"]) {
      expect((await admin.client.get(`/api/admin/reconciliation?${query}`)).status).toBe(400);
    }
  });

  it("runs the ledger check on demand and audits it", async () => {
    const admin = await person(suite, { admin: true });
    const response = await admin.client.post("/api/admin/ledger-check");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ problems: [] });
    const audit = (await db().execute(sql`select after from audit_log where action = 'ledger.check' and actor_id = ${admin.id}`)) as unknown as {
      rows: Array<{ after: { problems: string[] } }>;
    };
    expect(audit.rows).toEqual([{ after: expect.objectContaining({ problems: [] }) }]);
  });
});

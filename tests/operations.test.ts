import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { person } from "./helpers/people.js";
import { OPERATOR_ENV, startTestServer, CONSENT } from "./helpers/test-server.js";
import { serverSuite } from "./helpers/suite.js";
import { builtEntry } from "./helpers/server-build.js";

const run = promisify(execFile);

const suite = serverSuite();

describe("operations", () => {
  it("reports health and readiness", async () => {
    const health = await suite.server.client().get("/healthz");
    expect(health.status).toBe(200);
    const ready = await suite.server.client().get("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready" });
  });

  it("sends the security headers on every response", async () => {
    for (const path of ["/healthz", "/api/plans", "/api/nope"]) {
      const response = await suite.server.client().get(path);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      // Another origin (a no-cors fetch) never reads an answer, a refusal included.
      expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin");
      // HSTS only in production, where the site is served over HTTPS.
      expect(response.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("keeps an idle connection open longer than nginx keeps its idle connections to us", async () => {
    // nginx's upstream keepalive_timeout, 60 s unless deploy/nginx.conf says otherwise.
    const nginxSeconds = Number(/keepalive_timeout\s+(\d+)s?;/.exec(readFileSync("deploy/nginx.conf", "utf8"))?.[1] ?? 60);
    const header = await new Promise<string | undefined>((resolve, reject) => {
      http.get(`${suite.server.url}/healthz`, { agent: new http.Agent({ keepAlive: true }) }, (response) => {
        response.resume();
        resolve(String(response.headers["keep-alive"] ?? ""));
      }).once("error", reject);
    });
    const seconds = Number(/timeout=(\d+)/.exec(header ?? "")?.[1]);
    expect(seconds, `Keep-Alive: ${header}`).toBeGreaterThan(nginxSeconds);
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const response = await suite.server.client().get("/api/nope");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "NOT_FOUND", message: "No such endpoint." } });
  });

  it("serves the seeded plans with exact cents", async () => {
    const { items: plans } = await (await suite.server.client().get("/api/plans")).json();
    expect(plans.map((plan: { name: string; minimumCents: number; rateBasisPoints: number; termDays: number }) => [plan.name, plan.minimumCents, plan.rateBasisPoints, plan.termDays])).toEqual([
      ["Standard", 100000, 1000, 14],
      ["Advanced", 200000, 1200, 20],
      ["Premium", 500000, 1500, 30],
      ["Elite", 1000000, 1800, 40],
      ["Pro", 2000000, 2000, 45],
    ]);
  });

  it("orders plans of the same place by their minimum as an amount, not as text", async () => {
    const db = suite.database.handle.db;
    const places = (await db.execute(sql`select id, sort_order from plan`)) as unknown as { rows: Array<{ id: string; sort_order: number }> };
    await db.execute(sql`update plan set sort_order = 0`);
    try {
      const { items: plans } = await (await suite.server.client().get("/api/plans")).json();
      expect(plans.map((plan: { minimumCents: number }) => plan.minimumCents)).toEqual([100000, 200000, 500000, 1000000, 2000000]);
    } finally {
      for (const { id, sort_order } of places.rows) await db.execute(sql`update plan set sort_order = ${sort_order} where id = ${id}`);
    }
  });

  it("serves the operator's public settings and nothing secret", async () => {
    const site = await (await suite.server.client().get("/api/site")).json();
    expect(site).toEqual({
      name: "Termvest",
      // Unset outside production: examples, marked as such.
      supportEmail: "support@example.com",
      phone: expect.any(String),
      address: expect.any(String),
      contactsExample: true,
      social: {},
      // Unset outside production: examples, marked as such.
      operator: { legalName: "Example Operator Ltd", registrationNumber: "RC 0000000", registeredAddress: "1 Example Street, Lagos, Nigeria", regulator: null, example: true },
      payouts: { inBitcoin: false, sendHours: 24 },
    });
    // Outside production an unwritten page is no error (the page itself tells visitors).
    expect(suite.server.logs.filter((line) => line.includes("how-returns-work"))).toEqual([]);
  });

  it("describes the API in OpenAPI, with request bodies generated from the shared schemas", async () => {
    const doc = await (await suite.server.client().get("/api/openapi.json")).json();
    expect(doc.openapi).toBe("3.1.0");
    const create = doc.paths["/api/deposits"].post;
    expect(create.parameters).toEqual([expect.objectContaining({ name: "Idempotency-Key", in: "header" })]);
    const variants = create.requestBody.content["application/json"].schema.oneOf ?? create.requestBody.content["application/json"].schema.anyOf;
    expect(variants.map((variant: { properties: { method: { const: string } } }) => variant.properties.method.const).sort()).toEqual(["bank", "crypto"]);
    // The back office's operations are in the admins' copy only (tests/openapi.test.ts).
    expect(doc.paths["/api/admin/deposits/{id}/confirm"]).toBeUndefined();
    expect(doc.paths["/api/payouts/{id}/cancel"].post.responses["404"]).toBeDefined();
    expect(doc.paths["/api/transactions"].get.parameters.map((p: { name: string }) => p.name)).toEqual(["cursor", "limit", "format"]);
  });

  it("refuses to start in production without the bank accounts and support contacts, naming each", async () => {
    const environment: Record<string, string | undefined> = { ...process.env, NODE_ENV: "production", PUBLIC_URL: "https://termvest.example", AUTH_SECRET: "p".repeat(40), BITCOIN_ADDRESS: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu", ...OPERATOR_ENV };
    for (const name of ["BANK_UBA_ACCOUNT_NUMBER", "BANK_UBA_CURRENCY", "SUPPORT_EMAIL", "SUPPORT_PHONE", "SITE_ADDRESS"]) delete environment[name];
    const started = await run(process.execPath, [builtEntry("main")], { env: environment }).then(
      () => ({ code: 0, output: "" }),
      (error: { code: number; stderr: string }) => ({ code: error.code, output: error.stderr }),
    );
    expect(started.code).toBe(1);
    expect(started.output).toMatch(/BANK_ACCESS_ACCOUNT_NUMBER: or another bank's account is required when NODE_ENV=production/);
    for (const name of ["SUPPORT_EMAIL", "SUPPORT_PHONE", "SITE_ADDRESS"]) expect(started.output).toContain(`${name}: is required when NODE_ENV=production`);
  });

  it("takes no investment in production until the terms, the risk disclosure and how returns work are published", async () => {
    const production = await startTestServer(suite.database.handle, { NODE_ENV: "production", AUTH_SECRET: "p".repeat(40), BITCOIN_ADDRESS: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu", ...OPERATOR_ENV });
    try {
      const investor = await person({ server: production, database: suite.database }, { funds: 100_000n });
      const refused = await investor.client.post("/api/investments", { planId: "standard", amountCents: 50_000 });
      expect(refused.status).toBe(409);
      expect((await refused.json()).error.message).toBe("The operator has not published its Terms of Service yet. Do not invest until it has.");
      expect((await (await investor.client.get("/api/me/summary")).json()).mainBalanceCents).toBe(100_000);
      expect((await (await production.client().get("/api/content?path=/terms")).json())).toMatchObject({ kind: "unwritten" });
    } finally {
      await production.close();
    }
  });

  it("sets secure cookies in production", async () => {
    const production = await startTestServer(suite.database.handle, {
      NODE_ENV: "production",
      AUTH_SECRET: "p".repeat(40),
      BITCOIN_ADDRESS: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
      ...OPERATOR_ENV,
    });
    try {
      await production.client().post("/api/auth/sign-up/email", { name: "Prod", email: "prod@example.com", password: "Sturdy-Ledger-4821", ...CONSENT });
      const response = await production.client().post("/api/auth/sign-in/email", { email: "prod@example.com", password: "Sturdy-Ledger-4821" });
      const cookies = response.headers.getSetCookie().join("\n");
      // The operator's details as configured, and an error for the one page the repository leaves to the operator.
      expect((await (await production.client().get("/api/site")).json()).operator).toEqual({
        legalName: OPERATOR_ENV.OPERATOR_LEGAL_NAME,
        registrationNumber: OPERATOR_ENV.OPERATOR_REGISTRATION_NUMBER,
        registeredAddress: OPERATOR_ENV.OPERATOR_REGISTERED_ADDRESS,
        regulator: null,
        example: false,
      });
      // The pages shipped are examples: in production each counts as unpublished, and investing waits for them.
      const unwritten = production.logs.map((line) => JSON.parse(line) as { level: number; file?: string }).filter((line) => line.file);
      expect(unwritten.map((line) => [line.level, line.file])).toEqual([
        [50, "content/legal/terms.md"],
        [50, "content/legal/privacy.md"],
        [50, "content/legal/risk.md"],
        [50, "content/pages/how-returns-work.md"],
      ]);
      expect(production.logs.join("")).toMatch(/investing is refused until the operator publishes/);
      expect(cookies).toMatch(/__Secure-termvest\.session_token=[^;]+;.*Secure/);
      expect(cookies).toMatch(/HttpOnly/);
      expect(response.headers.get("strict-transport-security")).toContain("max-age=");
    } finally {
      await production.close();
    }
  });
});

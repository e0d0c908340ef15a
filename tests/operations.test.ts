import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { OPERATOR_ENV, startTestServer, CONSENT } from "./helpers/test-server.js";
import { serverSuite } from "./helpers/suite.js";

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
      // HSTS only in production, where the site is served over HTTPS.
      expect(response.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const response = await suite.server.client().get("/api/nope");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "NOT_FOUND", message: "No such endpoint." } });
  });

  it("serves the seeded plans with exact cents", async () => {
    const { plans } = await (await suite.server.client().get("/api/plans")).json();
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
      const { plans } = await (await suite.server.client().get("/api/plans")).json();
      expect(plans.map((plan: { minimumCents: number }) => plan.minimumCents)).toEqual([100000, 200000, 500000, 1000000, 2000000]);
    } finally {
      for (const { id, sort_order } of places.rows) await db.execute(sql`update plan set sort_order = ${sort_order} where id = ${id}`);
    }
  });

  it("serves the operator's public settings and nothing secret", async () => {
    const site = await (await suite.server.client().get("/api/site")).json();
    expect(site).toEqual({
      name: "Termvest",
      supportEmail: "support@termvest.localhost",
      phone: expect.any(String),
      address: expect.any(String),
      social: {},
      // Unset outside production: examples, marked as such.
      operator: { legalName: "Example Operator Ltd", registrationNumber: "RC 0000000", registeredAddress: "1 Example Street, Lagos, Nigeria", regulator: null, example: true },
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
    expect(doc.paths["/api/transactions"].get.parameters.map((p: { name: string }) => p.name)).toEqual(["page", "pageSize", "format"]);
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
      const unwritten = production.logs.map((line) => JSON.parse(line) as { level: number; file?: string }).filter((line) => line.file);
      expect(unwritten).toMatchObject([{ level: 50, file: "content/pages/how-returns-work.md" }]);
      expect(cookies).toMatch(/__Secure-termvest\.session_token=[^;]+;.*Secure/);
      expect(cookies).toMatch(/HttpOnly/);
      expect(response.headers.get("strict-transport-security")).toContain("max-age=");
    } finally {
      await production.close();
    }
  });
});

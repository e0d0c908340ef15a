import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { contentPageDto } from "#shared/schemas/content.js";
import { cryptoAddressDto, depositOptionsDto } from "#shared/schemas/deposits.js";
import { investmentDto } from "#shared/schemas/investments.js";
import { historyPageDto, summaryDto } from "#shared/schemas/ledger.js";
import { notificationListDto } from "#shared/schemas/notifications.js";
import { planDto } from "#shared/schemas/plans.js";
import { publicDepositDto, publicSiteDto, publicStatsDto, referralDto } from "#shared/schemas/public.js";
import { person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";

const suite = serverSuite();

type Document = { paths: Record<string, Record<string, unknown>> };
const operations = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`));

/**
 * Our own API routes as the app mounted them: not middleware (Hono lists `use` as ALL), not
 * better-auth's /api/auth/* (described by better-auth), not wildcards (the JSON 404).
 */
const mountedOperations = () =>
  [
    ...new Set(
      suite.server.routes
        .filter((route) => route.method !== "ALL" && route.path.startsWith("/api/") && !route.path.startsWith("/api/auth") && !route.path.includes("*"))
        .map((route) => `${route.method} ${route.path.replace(/\/$/, "")}`),
    ),
  ].sort();

describe("/api/openapi.json", () => {
  it("describes every route the app mounts and nothing else (the admin's copy)", async () => {
    const admin = await person(suite, { admin: true });
    const doc = (await (await admin.client.get("/api/openapi.json")).json()) as Document;
    expect(mountedOperations().length).toBeGreaterThan(30);
    expect(operations(doc).sort()).toEqual(mountedOperations());
  });

  it("lists the back office's operations only for an admin", async () => {
    const visitor = (await (await suite.server.client().get("/api/openapi.json")).json()) as Document;
    const user = await person(suite);
    const signedIn = (await (await user.client.get("/api/openapi.json")).json()) as Document;
    for (const doc of [visitor, signedIn]) {
      expect(operations(doc).filter((op) => op.includes("/api/admin"))).toEqual([]);
      expect(operations(doc).sort()).toEqual(mountedOperations().filter((op) => !op.includes("/api/admin")));
    }
  });
});

describe("back-office lists", () => {
  it("each document a sort parameter", async () => {
    const admin = await person(suite, { admin: true });
    const doc = (await (await admin.client.get("/api/openapi.json")).json()) as { paths: Record<string, { get?: { parameters?: Array<{ name: string; in: string }> } }> };
    for (const path of ["/api/admin/deposits", "/api/admin/payouts", "/api/admin/users", "/api/admin/audit", "/api/admin/messages"]) {
      const query = (doc.paths[path]?.get?.parameters ?? []).filter((parameter) => parameter.in === "query").map((parameter) => parameter.name);
      expect(query, path).toContain("sort");
    }
  });
});

describe("response schemas", () => {
  it("are declared for every operation but the document itself", async () => {
    const admin = await person(suite, { admin: true });
    const doc = (await (await admin.client.get("/api/openapi.json")).json()) as { paths: Record<string, Record<string, { responses: Record<string, { content?: unknown }> }>> };
    const missing = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => !Object.entries(op.responses).some(([status, response]) => status.startsWith("2") && response.content))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(missing).toEqual(["GET /api/openapi.json"]);
  });

  it("match what the server really answers (the shapes the web client is typed with)", async () => {
    const user = await person(suite, { funds: 500_000n });
    const checks: Array<[string, z.ZodMiniType]> = [
      ["/api/site", publicSiteDto],
      ["/api/plans", z.object({ plans: z.array(planDto) })],
      ["/api/public/stats", publicStatsDto],
      ["/api/public/recent-deposits", z.object({ deposits: z.array(publicDepositDto) })],
      ["/api/me/summary", summaryDto],
      ["/api/me/referral", referralDto],
      ["/api/transactions?page=1", historyPageDto],
      ["/api/notifications", notificationListDto],
      ["/api/deposits/options", depositOptionsDto],
      ["/api/deposits/crypto-address", cryptoAddressDto],
      ["/api/content?path=/blog", contentPageDto],
    ];
    expect((await user.client.post("/api/investments", { planId: "standard", amountCents: 100_000 })).status).toBe(201);
    checks.push(["/api/investments", z.object({ investments: z.array(investmentDto).check(z.minLength(1)) })]);
    for (const [path, schema] of checks) {
      const response = await user.client.get(path);
      expect(response.status, path).toBe(200);
      const parsed = schema.safeParse(await response.json());
      expect(parsed.success, `${path}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });
});

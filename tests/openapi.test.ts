import { describe, expect, it } from "vitest";
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
  it("each document a sort parameter and keyset paging (cursor, limit), never page numbers", async () => {
    const admin = await person(suite, { admin: true });
    const doc = (await (await admin.client.get("/api/openapi.json")).json()) as { paths: Record<string, { get?: { parameters?: Array<{ name: string; in: string }> } }> };
    const queryOf = (path: string) => (doc.paths[path]?.get?.parameters ?? []).filter((parameter) => parameter.in === "query").map((parameter) => parameter.name);
    for (const path of ["/api/admin/deposits", "/api/admin/payouts", "/api/admin/users", "/api/admin/audit", "/api/admin/messages"]) {
      expect(queryOf(path), path).toContain("sort");
    }
    const lists = Object.keys(doc.paths).filter((path) => path.startsWith("/api/admin/") && queryOf(path).includes("cursor"));
    expect(lists).toEqual(expect.arrayContaining(["/api/admin/deposits", "/api/admin/payouts", "/api/admin/users", "/api/admin/audit", "/api/admin/messages", "/api/admin/mail", "/api/admin/users/{id}/history"]));
    for (const path of Object.keys(doc.paths)) {
      const query = queryOf(path);
      expect(query, path).not.toContain("page");
      expect(query, path).not.toContain("pageSize");
      if (query.includes("cursor")) expect(query, path).toContain("limit");
    }
  });
});

type Operation = { security?: unknown[]; description?: string; parameters?: Array<{ name: string; in: string; required?: boolean }>; responses: Record<string, { content?: Record<string, unknown> }> };
type FullDocument = { paths: Record<string, Record<string, Operation>> };
/** Every declared operation of the admin's document, with its path as a client calls it. */
const declared = (doc: FullDocument) =>
  Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ method, path, op })));

/** A value for the query parameters a GET route cannot answer without (the page to read, a coin). */
const SAMPLE_QUERY: Record<string, string> = { path: "/blog", coin: "BTC", amountCents: "10000" };

describe("every declared route", () => {
  it("declares a success schema, but the document itself", async () => {
    const admin = await person(suite, { admin: true });
    const doc = (await (await admin.client.get("/api/openapi.json")).json()) as FullDocument;
    const missing = declared(doc)
      .filter(({ op }) => !Object.entries(op.responses).some(([status, response]) => status.startsWith("2") && response.content))
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(missing).toEqual(["GET /api/openapi.json"]);
  });

  it("is guarded as it declares: 401 without a session, 403 for a user on an admin route", async () => {
    const admin = await person(suite, { admin: true });
    const user = await person(suite);
    const doc = (await (await admin.client.get("/api/openapi.json")).json()) as FullDocument;
    const anyId = "00000000-0000-4000-8000-000000000000";
    let checked = 0;
    for (const { method, path, op } of declared(doc)) {
      const url = path.replace(/\{\w+\}/g, anyId);
      const call = (client: typeof user.client) => client.request(url, { method: method.toUpperCase(), ...(method === "get" ? {} : { body: {} }) });
      if (op.security?.length !== 0) {
        expect((await call(suite.server.client())).status, `${method} ${path} signed out`).toBe(401);
        checked++;
      }
      if (op.description?.startsWith("Admins only")) expect((await call(user.client)).status, `${method} ${path} as a user`).toBe(403);
    }
    expect(checked).toBeGreaterThan(40);
  });

  it("answers what it declares: each GET without a path parameter, called with a session and money", async () => {
    // Under NODE_ENV=test the router checks every JSON answer against its declared response and
    // answers 500 when it drifts, so a 200 here means the body matched the document.
    const admin = await person(suite, { admin: true, funds: 500_000n });
    expect((await admin.client.post("/api/investments", { planId: "standard", amountCents: 100_000 })).status).toBe(201);
    const doc = (await (await admin.client.get("/api/openapi.json")).json()) as FullDocument;
    const gets = declared(doc).filter(({ method, path }) => method === "get" && !path.includes("{") && path !== "/api/openapi.json");
    expect(gets.length).toBeGreaterThan(20);
    for (const { path, op } of gets) {
      const samples = (op.parameters ?? []).filter((parameter) => parameter.in === "query" && SAMPLE_QUERY[parameter.name] !== undefined);
      const query = new URLSearchParams(samples.map((parameter) => [parameter.name, SAMPLE_QUERY[parameter.name]!]));
      const response = await admin.client.get(samples.length ? `${path}?${query}` : path);
      expect(response.status, `GET ${path}: ${await response.clone().text()}`).toBe(200);
    }
  });
});

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

import { describe, expect, it } from "vitest";
import { serverSuite } from "./helpers/suite.js";

const suite = serverSuite();

/** Whether a mounted Hono path (a plain path, `*`, or a prefix ending in `/*`) covers `path`. */
function covers(pattern: string, path: string): boolean {
  if (pattern === "*" || pattern === "/*") return true;
  if (pattern.endsWith("/*")) return path === pattern.slice(0, -2) || path.startsWith(pattern.slice(0, -1));
  return pattern === path;
}

/** Every mounted handler (middleware included: Hono lists `use` as ALL) that a request would pass through. */
const matches = (method: string, path: string) =>
  suite.server.routes
    .filter((route) => (route.method === method || route.method === "ALL") && covers(route.path, path))
    .map((route) => `${route.method} ${route.path}`);

// Hono writes the answer of a path matched by one handler straight out when that handler answers at
// once; any second match (a catch-all middleware, a catch-all page route) sends every request of
// that path through its async chain instead (decision 0041).
describe("what a request passes through", () => {
  it("GET /healthz: its own route alone", () => {
    expect(matches("GET", "/healthz")).toEqual(["GET /healthz"]);
  });

  it("the gate (other origins, body sizes) is mounted on every method that can change something, and not on GET", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) expect(matches(method, "/anything").length).toBeGreaterThan(0);
    expect(matches("GET", "/anything")).toEqual([]);
  });
});

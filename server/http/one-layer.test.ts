import { Hono, type MiddlewareHandler } from "hono";
import { describe, expect, it } from "vitest";
import { oneLayer } from "./one-layer.js";

/** A member that records its name on the way in and on the way out. */
const member =
  (name: string, seen: string[]): MiddlewareHandler =>
  (c, next) => {
    seen.push(`${name} in`);
    return next().then(() => void seen.push(`${name} out: ${c.res.status}`));
  };

function app(members: MiddlewareHandler[], seen: string[]) {
  const hono = new Hono();
  hono.use("*", oneLayer(...members));
  hono.get("/", (c) => (seen.push("route"), c.text("ok")));
  hono.get("/fail", () => {
    throw new Error("boom");
  });
  hono.onError((error, c) => c.text(error.message, 418));
  return hono;
}

describe("oneLayer", () => {
  it("runs its members in order around the route, each seeing the route's response", async () => {
    const seen: string[] = [];
    const response = await app([member("a", seen), member("b", seen)], seen).request("/");
    expect(await response.text()).toBe("ok");
    expect(seen).toEqual(["a in", "b in", "route", "b out: 200", "a out: 200"]);
  });

  it("stops at a member that refuses: the members after it and the route never run, Hono answers the error", async () => {
    const seen: string[] = [];
    const refuse: MiddlewareHandler = () => {
      throw new Error("refused");
    };
    const response = await app([member("a", seen), refuse, member("c", seen)], seen).request("/");
    expect(response.status).toBe(418);
    expect(await response.text()).toBe("refused");
    expect(seen).toEqual(["a in"]);
  });

  it("lets a route's error become a response before the members see it", async () => {
    const seen: string[] = [];
    const response = await app([member("a", seen)], seen).request("/fail");
    expect(response.status).toBe(418);
    expect(seen).toEqual(["a in", "a out: 418"]);
  });
});

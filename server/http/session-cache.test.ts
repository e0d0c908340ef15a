import { describe, expect, it } from "vitest";
import { READ_CACHE_MS, SessionCache } from "./session-cache.js";

describe("SessionCache", () => {
  it("answers for at most its time, and never past the session's end", () => {
    const cache = new SessionCache<string>();
    cache.set("a", "alice", 1_000_000, 0);
    expect(cache.get("a", READ_CACHE_MS - 1)).toBe("alice");
    expect(cache.get("a", READ_CACHE_MS)).toBeUndefined();
    cache.set("b", "bob", 500, 0);
    expect(cache.get("b", 499)).toBe("bob");
    expect(cache.get("b", 500)).toBeUndefined();
  });

  it("keeps at most its number of entries, dropping the oldest", () => {
    const cache = new SessionCache<number>(READ_CACHE_MS, 2);
    cache.set("1", 1, Infinity, 0);
    cache.set("2", 2, Infinity, 0);
    cache.set("3", 3, Infinity, 0);
    expect(cache.size).toBe(2);
    expect(cache.get("1", 0)).toBeUndefined();
    expect(cache.get("3", 0)).toBe(3);
  });

  it("forgets everything on clear", () => {
    const cache = new SessionCache<number>();
    cache.set("1", 1, Infinity, 0);
    cache.clear();
    expect(cache.get("1", 0)).toBeUndefined();
  });
});

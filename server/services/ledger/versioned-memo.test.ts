import { describe, expect, it } from "vitest";
import { VersionedMemo } from "./versioned-memo.js";

describe("VersionedMemo", () => {
  it("gives back the value with the version it was computed under, the last one set for a key", () => {
    const memo = new VersionedMemo<number>();
    expect(memo.get("u1", 0)).toBeUndefined();
    memo.set("u1", "a@1", 7, 0);
    memo.set("u1", "a@2", 8, 0);
    expect(memo.get("u1", 0)).toMatchObject({ version: "a@2", value: 8 });
    expect(memo.get("u2", 0)).toBeUndefined();
  });

  it("forgets a value once it is as old as its limit", () => {
    const memo = new VersionedMemo<number>(10, 1_000);
    memo.set("u1", "a@1", 7, 5_000);
    expect(memo.get("u1", 5_999)?.value).toBe(7);
    expect(memo.get("u1", 6_000)).toBeUndefined();
  });

  it("keeps at most its limit of keys, the least recently set first out", () => {
    const memo = new VersionedMemo<number>(2);
    memo.set("u1", "v", 1, 0);
    memo.set("u2", "v", 2, 0);
    // Set again, u1 is now the newest: u2 goes when u3 comes.
    memo.set("u1", "w", 3, 0);
    memo.set("u3", "v", 4, 0);
    expect(memo.get("u2", 0)).toBeUndefined();
    expect(memo.get("u1", 0)?.value).toBe(3);
    expect(memo.get("u3", 0)?.value).toBe(4);
  });
});

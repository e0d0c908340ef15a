import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimit } from "#server/db/schema.js";
import { consumeRateLimit } from "#server/services/rate-limit/consume-rate-limit.js";
import { createTestDatabase, type TestDatabase } from "./helpers/database.js";

let database: TestDatabase;
const T0 = 1_750_000_000_000;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.dispose();
});

let counter = 0;
const uniqueKey = (label: string) => `test:${label}:${++counter}:${Math.random().toString(36).slice(2)}`;

describe("consumeRateLimit", () => {
  it("allows max requests in a window, then refuses with the seconds left", async () => {
    const key = uniqueKey("basic");
    const results = [];
    for (let step = 0; step < 7; step++) {
      results.push(await consumeRateLimit(database.handle.db, { key, max: 5, windowSeconds: 60, now: T0 + step * 1000 }));
    }
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, true, true, false, false]);
    expect(results.slice(0, 5).every((result) => result.retryAfterSeconds === 0)).toBe(true);
    // The window opened at T0, so 5 s in there are 55 s left, 6 s in 54 s.
    expect(results[5]?.retryAfterSeconds).toBe(55);
    expect(results[6]?.retryAfterSeconds).toBe(54);
  });

  it("is a fixed window: a refused request does not push it back, and it reopens on time", async () => {
    const key = uniqueKey("window");
    const db = database.handle.db;
    const rule = { key, max: 2, windowSeconds: 10 };
    expect((await consumeRateLimit(db, { ...rule, now: T0 })).allowed).toBe(true);
    expect((await consumeRateLimit(db, { ...rule, now: T0 + 1_000 })).allowed).toBe(true);
    expect(await consumeRateLimit(db, { ...rule, now: T0 + 9_999 })).toEqual({ allowed: false, retryAfterSeconds: 1 });
    // Exactly one window after the first request a new window starts with a full allowance.
    expect((await consumeRateLimit(db, { ...rule, now: T0 + 10_000 })).allowed).toBe(true);
    expect((await consumeRateLimit(db, { ...rule, now: T0 + 10_500 })).allowed).toBe(true);
    expect(await consumeRateLimit(db, { ...rule, now: T0 + 11_000 })).toEqual({ allowed: false, retryAfterSeconds: 9 });
  });

  it("counts each key separately", async () => {
    const db = database.handle.db;
    const first = uniqueKey("first");
    const second = uniqueKey("second");
    expect((await consumeRateLimit(db, { key: first, max: 1, windowSeconds: 60, now: T0 })).allowed).toBe(true);
    expect((await consumeRateLimit(db, { key: first, max: 1, windowSeconds: 60, now: T0 })).allowed).toBe(false);
    expect((await consumeRateLimit(db, { key: second, max: 1, windowSeconds: 60, now: T0 })).allowed).toBe(true);
  });

  it("stores rows under the app: prefix, apart from better-auth's keys", async () => {
    const key = uniqueKey("prefix");
    await consumeRateLimit(database.handle.db, { key, max: 3, windowSeconds: 60, now: T0 });
    const rows = await database.handle.db.select().from(rateLimit).where(eq(rateLimit.key, `app:${key}`));
    expect(rows).toEqual([{ id: expect.any(String), key: `app:${key}`, count: 1, lastRequest: T0 }]);
    const unprefixed = await database.handle.db.select().from(rateLimit).where(like(rateLimit.key, "test:%"));
    expect(unprefixed).toHaveLength(0);
  });

  it("keeps the stored count bounded however many requests are refused", async () => {
    const key = uniqueKey("flood");
    for (let step = 0; step < 20; step++) await consumeRateLimit(database.handle.db, { key, max: 3, windowSeconds: 60, now: T0 });
    const [row] = await database.handle.db.select().from(rateLimit).where(eq(rateLimit.key, `app:${key}`));
    expect(row?.count).toBe(4);
  });

  it("uses the current time when none is given", async () => {
    const key = uniqueKey("clock");
    const before = Date.now();
    expect(await consumeRateLimit(database.handle.db, { key, max: 1, windowSeconds: 30 })).toEqual({ allowed: true, retryAfterSeconds: 0 });
    const refused = await consumeRateLimit(database.handle.db, { key, max: 1, windowSeconds: 30 });
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(29);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(30);
    const [row] = await database.handle.db.select().from(rateLimit).where(eq(rateLimit.key, `app:${key}`));
    expect(row?.lastRequest).toBeGreaterThanOrEqual(before);
  });

  it("never retries sooner than 1 s nor later than the window, even with another server's clock ahead", async () => {
    const key = uniqueKey("skew");
    const db = database.handle.db;
    await consumeRateLimit(db, { key, max: 1, windowSeconds: 60, now: T0 + 120_000 });
    // This process's clock is two minutes behind the one that opened the window.
    expect(await consumeRateLimit(db, { key, max: 1, windowSeconds: 60, now: T0 })).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(await consumeRateLimit(db, { key, max: 1, windowSeconds: 60, now: T0 + 179_999 })).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it("lets exactly max of 20 parallel requests through", async () => {
    const key = uniqueKey("parallel");
    const results = await Promise.all(
      Array.from({ length: 20 }, () => consumeRateLimit(database.handle.db, { key, max: 5, windowSeconds: 60 })),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
    expect(results.filter((result) => !result.allowed).every((result) => result.retryAfterSeconds > 0)).toBe(true);
  });

  it("lets exactly max through when the first requests for a new key race each other", async () => {
    // Several rounds: the race on the INSERT (no row yet) is the one a read-then-write gets wrong.
    for (let round = 0; round < 5; round++) {
      const key = uniqueKey(`race-${round}`);
      const results = await Promise.all(Array.from({ length: 20 }, () => consumeRateLimit(database.handle.db, { key, max: 1, windowSeconds: 60 })));
      expect(results.filter((result) => result.allowed)).toHaveLength(1);
    }
  });

  it.each([
    ["an empty key", { key: "", max: 1, windowSeconds: 1 }],
    ["max 0", { key: "k", max: 0, windowSeconds: 1 }],
    ["a fractional max", { key: "k", max: 1.5, windowSeconds: 1 }],
    ["a zero window", { key: "k", max: 1, windowSeconds: 0 }],
    ["a fractional now", { key: "k", max: 1, windowSeconds: 1, now: 1.5 }],
  ])("refuses %s", async (_label, rule) => {
    await expect(consumeRateLimit(database.handle.db, rule)).rejects.toThrow(RangeError);
  });
});

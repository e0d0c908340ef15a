import { describe, expect, it } from "vitest";
import { timeOrderedUuid } from "#server/db/time-ordered-uuid.js";

describe("timeOrderedUuid", () => {
  it("is a version 7 UUID whose first 48 bits are the milliseconds it was made at", () => {
    const id = timeOrderedUuid(Date.UTC(2026, 10, 22, 23, 0, 0, 123));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(Date.UTC(2026, 10, 22, 23, 0, 0, 123));
  });

  it("sorts ids made at later milliseconds after earlier ones, and never repeats", () => {
    const ids = Array.from({ length: 1_000 }, (_, index) => timeOrderedUuid(1_800_000_000_000 + index));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(Array.from({ length: 1_000 }, () => timeOrderedUuid(1_800_000_000_000))).size).toBe(1_000);
  });
});

import { describe, expect, it } from "vitest";
import { uuidSequence } from "#server/db/time-ordered-uuid.js";

/** A sequence of its own: what ids other tests made before in this process does not move it. */
const timeOrderedUuid = uuidSequence();

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

  // Journals posted in one transaction share its created_at, and the history orders them by id
  // after that: ids must sort in the order they were made, or the balance after each reads out of
  // order (decision 0045).
  it("sorts ids made in the same millisecond in the order they were made, past its 4,096 counter values", () => {
    const ids = Array.from({ length: 10_000 }, () => timeOrderedUuid(1_900_000_000_000));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => !/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id))).toEqual([]);
  });

  it("keeps sorting after the ones before when the clock steps back", () => {
    const before = timeOrderedUuid(1_950_000_000_000);
    const after = [timeOrderedUuid(1_949_999_999_000), timeOrderedUuid(1_949_999_000_000)];
    expect([before, ...after].sort()).toEqual([before, ...after]);
    // Once the clock is past them again, ids carry its time.
    expect(Number.parseInt(timeOrderedUuid(1_950_000_000_005).replace(/-/g, "").slice(0, 12), 16)).toBe(1_950_000_000_005);
  });
});

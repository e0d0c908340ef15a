import { describe, expect, it } from "vitest";
import { warnWithoutAutovacuum } from "./autovacuum-check.js";

/** A database that answers `current_setting('autovacuum')` with `setting`, and counts what it was asked. */
function database(kind: "postgres" | "pglite", setting: string) {
  const asked: string[] = [];
  return {
    asked,
    handle: {
      kind,
      executeSql: async (text: string) => {
        asked.push(text);
        return { rows: [{ autovacuum: setting }] };
      },
    },
  };
}

function logger() {
  const warnings: unknown[][] = [];
  return { warnings, log: { warn: (...args: unknown[]) => void warnings.push(args) } };
}

describe("warnWithoutAutovacuum", () => {
  it("warns when PostgreSQL runs with autovacuum off", async () => {
    const { handle } = database("postgres", "off");
    const { warnings, log } = logger();
    expect(await warnWithoutAutovacuum(handle, log as never)).toBe(true);
    expect(warnings).toHaveLength(1);
    expect(String(warnings[0]?.[1])).toContain("autovacuum off");
  });

  it("says nothing when it is on, and does not ask the embedded database", async () => {
    const on = database("postgres", "on");
    const { warnings, log } = logger();
    expect(await warnWithoutAutovacuum(on.handle, log as never)).toBe(false);
    const embedded = database("pglite", "off");
    expect(await warnWithoutAutovacuum(embedded.handle, log as never)).toBe(false);
    expect(embedded.asked).toEqual([]);
    expect(warnings).toEqual([]);
  });
});

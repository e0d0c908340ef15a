import { describe, expect, it } from "vitest";
import { createLogger } from "../logger.js";
import type { Bootstrap } from "#shared/site.js";
import { PAGES_RECHECK_MS, pagesRecheck } from "./pages-recheck.js";

const site = { name: "Termvest" } as Bootstrap["site"];
const plans = (minimumCents: number) => [{ id: "standard", name: "Standard", minimumCents, rateBasisPoints: 1000, termDays: 14, features: [], earlyWithdrawalAllowed: true, earlyWithdrawalFeeBasisPoints: 200 }];

/** Pages that keep what they were last rendered with, as loadPages' refresh does. */
function fakePages(first: Bootstrap) {
  let shown = JSON.stringify(first);
  const renders: Bootstrap[] = [];
  return {
    renders,
    async refresh(next: Bootstrap) {
      if (JSON.stringify(next) === shown) return false;
      shown = JSON.stringify(next);
      renders.push(next);
      return true;
    },
  };
}

describe("pagesRecheck", () => {
  it("reads nothing within its time, then renders the pages again once the plans changed", async () => {
    let clock = 0;
    let stored: Bootstrap = { site, plans: plans(100_000) };
    let reads = 0;
    const pages = fakePages(stored);
    const check = pagesRecheck(pages, async () => (reads++, stored), createLogger("silent"), { now: () => clock });

    clock = PAGES_RECHECK_MS - 1;
    expect(check()).toBeUndefined();
    expect(reads).toBe(0);

    // Another server changed the plan's minimum.
    stored = { site, plans: plans(250_000) };
    clock = PAGES_RECHECK_MS;
    const first = check();
    // Requests that come while the read runs wait for the same one.
    expect(check()).toBe(first);
    await first;
    expect(reads).toBe(1);
    expect(pages.renders).toEqual([{ site, plans: plans(250_000) }]);

    // Unchanged plans render nothing; the next read comes a whole interval after the last.
    clock += PAGES_RECHECK_MS - 1;
    expect(check()).toBeUndefined();
    clock += 1;
    await check();
    expect(reads).toBe(2);
    expect(pages.renders).toHaveLength(1);
  });

  it("keeps the pages when the plans cannot be read or the pages not rendered, and tries again an interval later", async () => {
    let clock = 0;
    let failing = true;
    const lines: string[] = [];
    const logger = createLogger("warn", { write: (line: string) => void lines.push(line) });
    const pages = fakePages({ site, plans: plans(100_000) });
    const check = pagesRecheck(pages, async () => {
      if (failing) throw new Error("connection refused");
      return { site, plans: plans(300_000) };
    }, logger, { now: () => clock });

    clock = PAGES_RECHECK_MS;
    await expect(check()).resolves.toBeUndefined();
    expect(pages.renders).toEqual([]);
    expect(lines.join("")).toContain("could not read the plans");

    failing = false;
    expect(check()).toBeUndefined();
    clock += PAGES_RECHECK_MS;
    await check();
    expect(pages.renders).toEqual([{ site, plans: plans(300_000) }]);

    const broken = pagesRecheck({ refresh: () => { throw new Error("render failed"); } }, async () => ({ site, plans: plans(1) }), logger, { now: () => clock });
    clock += PAGES_RECHECK_MS;
    await expect(broken()).resolves.toBeUndefined();
    expect(lines.join("")).toContain("render failed");
  });

  it("lets a page request wait for a slow read only so long, and starts no second read meanwhile", async () => {
    let clock = 0;
    let reads = 0;
    let answer: (bootstrap: Bootstrap) => void = () => undefined;
    const pages = fakePages({ site, plans: plans(100_000) });
    const check = pagesRecheck(pages, () => (reads++, new Promise<Bootstrap>((resolve) => (answer = resolve))), createLogger("silent"), { waitMs: 20, now: () => clock });

    clock = PAGES_RECHECK_MS;
    const started = performance.now();
    await check();
    expect(performance.now() - started).toBeGreaterThanOrEqual(15);
    // The read still runs: later requests are answered at once, with no second read.
    clock += PAGES_RECHECK_MS;
    await check();
    expect(reads).toBe(1);

    answer({ site, plans: plans(400_000) });
    await new Promise((resolve) => setImmediate(resolve));
    expect(pages.renders).toEqual([{ site, plans: plans(400_000) }]);
    expect(check()).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { documentTitle, metaFor, NOT_FOUND_META } from "./meta.js";

describe("metaFor", () => {
  it("names each dashboard screen for the browser tab", () => {
    expect(documentTitle(metaFor("/dashboard"), "Termvest")).toBe("Dashboard · Termvest");
    expect(metaFor("/dashboard/").title).toBe("Dashboard");
    expect(metaFor("/dashboard/transfer/crypto").title).toBe("Transfer with Crypto");
    expect(metaFor("/dashboard/settings").title).toBe("Settings");
    expect(metaFor("/dashboard/settings/withdrawal-addresses/confirm").title).toBe("Confirm your withdrawal address");
    expect(metaFor("/dashboard/admin/plans").title).toBe("Plans");
  });

  it("an unknown back-office path is the back office; any other unknown path is not found", () => {
    expect(metaFor("/dashboard/admin/nothing-here").title).toBe("Back office");
    expect(metaFor("/dashboard/nothing-here")).toEqual(NOT_FOUND_META);
    expect(metaFor("/nothing-here")).toEqual(NOT_FOUND_META);
    expect(metaFor("/about").title).toBe("About us");
  });
});

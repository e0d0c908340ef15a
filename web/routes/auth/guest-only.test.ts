import { describe, expect, it } from "vitest";
import { signedInDestination } from "./guest-only.js";

describe("signedInDestination", () => {
  it("is the overview, or the dashboard screen the guard sent the user from", () => {
    expect(signedInDestination({ search: "", state: null })).toBe("/dashboard");
    expect(signedInDestination({ search: "", state: { from: "/dashboard/settings?tab=2" } })).toBe("/dashboard/settings?tab=2");
    expect(signedInDestination({ search: "", state: { from: "https://elsewhere.example/dashboard" } })).toBe("/dashboard");
    expect(signedInDestination({ search: "?ref=ABC", state: { from: 42 } })).toBe("/dashboard");
  });

  it("keeps a followed verification link's outcome for the dashboard's notice", () => {
    expect(signedInDestination({ search: "?verified=1", state: null })).toBe("/dashboard?verified=1");
    expect(signedInDestination({ search: "?verified=1&error=INVALID_TOKEN&x=1", state: null })).toBe("/dashboard?verified=1&error=INVALID_TOKEN");
  });
});

import { describe, expect, it } from "vitest";
import { displayName } from "./layout.js";

describe("displayName", () => {
  it("prefers the name, then the e-mail before the @, then Guest", () => {
    expect(displayName({ name: "Ada Obi", email: "ada@example.com" })).toBe("Ada Obi");
    expect(displayName({ name: "  ", email: "ada@example.com" })).toBe("ada");
    expect(displayName({ name: "", email: "" })).toBe("Guest");
    expect(displayName(null)).toBe("Guest");
  });
});

import { describe, expect, it } from "vitest";
import { backupCodesFile, groupKey, secretOf } from "./otpauth.js";

describe("otpauth", () => {
  it("reads the secret from an otpauth URI", () => {
    expect(secretOf("otpauth://totp/Termvest:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Termvest&digits=6&period=30")).toBe("JBSWY3DPEHPK3PXP");
    expect(secretOf("not a uri")).toBeNull();
  });

  it("groups the key by four", () => {
    expect(groupKey("JBSWY3DPEHPK3PXPAB")).toBe("JBSW Y3DP EHPK 3PXP AB");
    expect(groupKey("JBSW")).toBe("JBSW");
  });

  it("writes one code a line under a heading", () => {
    const text = backupCodesFile({ siteName: "Termvest", email: "ada@example.com", codes: ["abcde-12345", "fghij-67890"], madeAt: new Date("2026-03-01T10:00:00Z") });
    expect(text.split("\n")).toContain("abcde-12345");
    expect(text).toMatch(/^Termvest backup codes for ada@example.com\nMade on 2026-03-01\./);
  });
});

import { describe, expect, it } from "vitest";
import { MESSAGES } from "#shared/schemas/auth.js";
import { readSecondFactorCode } from "./second-factor-code.js";

describe("readSecondFactorCode", () => {
  it("takes six digits or a backup code, spaces removed, and says what is missing", () => {
    expect(readSecondFactorCode("123 456")).toEqual({ ok: true, code: "123456" });
    expect(readSecondFactorCode(" abcde-12345-fghij-67890-klmno ")).toEqual({ ok: true, code: "abcde-12345-fghij-67890-klmno" });
    expect(readSecondFactorCode("")).toEqual({ ok: false, message: MESSAGES.secondFactorCodeRequired });
    expect(readSecondFactorCode("12345")).toEqual({ ok: false, message: MESSAGES.secondFactorCodeRequired });
    expect(readSecondFactorCode("abcde-12345")).toEqual({ ok: true, code: "abcde-12345" });
  });
});

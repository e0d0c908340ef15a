import { describe, expect, it } from "vitest";
import { MESSAGES } from "#shared/schemas/auth.js";
import { checkSecondFactorCode, readSecondFactorCode } from "./second-factor-code.js";

describe("readSecondFactorCode", () => {
  it("takes six digits or a backup code, spaces removed, and says what is missing", () => {
    expect(readSecondFactorCode("123 456")).toEqual({ ok: true, code: "123456" });
    expect(readSecondFactorCode(" abcde-12345-fghij-67890-klmno ")).toEqual({ ok: true, code: "abcde-12345-fghij-67890-klmno" });
    expect(readSecondFactorCode("")).toEqual({ ok: false, message: MESSAGES.secondFactorCodeRequired });
    expect(readSecondFactorCode("12345")).toEqual({ ok: false, message: MESSAGES.secondFactorCodeRequired });
    expect(readSecondFactorCode("abcde-12345")).toEqual({ ok: true, code: "abcde-12345" });
  });
});

describe("checkSecondFactorCode", () => {
  it("gives the code and clears the field's message, or shows the message and focuses the field", () => {
    const input = document.createElement("input");
    document.body.append(input);
    const shown: Array<string | undefined> = [];
    expect(checkSecondFactorCode("123 456", (message) => shown.push(message), input)).toBe("123456");
    expect(document.activeElement).not.toBe(input);
    expect(checkSecondFactorCode("12", (message) => shown.push(message), input)).toBeNull();
    expect(shown).toEqual([undefined, MESSAGES.secondFactorCodeRequired]);
    expect(document.activeElement).toBe(input);
    input.remove();
  });
});

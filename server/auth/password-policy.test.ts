import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../shared/schemas/auth.js";
import { passwordProblem } from "./password-policy.js";

describe("passwordProblem", () => {
  it("accepts a long, uncommon password", () => {
    expect(passwordProblem("Sturdy-Ledger-4821")).toBeNull();
  });

  it("enforces 8 to 128 characters", () => {
    expect(passwordProblem("Ab1-xyz")).toBe(MESSAGES.passwordTooShort);
    expect(passwordProblem("a".repeat(129))).toBe(MESSAGES.passwordTooLong);
    expect(passwordProblem("Zq8#".repeat(32))).toBeNull();
  });

  it.each(["password", "PASSWORD1", "12345678", "qwertyuiop", "iloveyou", "Sunshine1"])("refuses the common password %s", (password) => {
    expect(passwordProblem(password)).toBe(MESSAGES.passwordTooCommon);
  });
});

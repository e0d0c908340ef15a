import { describe, expect, it } from "vitest";
import { MESSAGES } from "#shared/schemas/auth.js";
import { passwordProblem } from "./password-policy.js";

const context = { email: "ngozi.okafor@example.com", siteName: "Termvest" };

describe("passwordProblem", () => {
  it("accepts a long, uncommon password", () => {
    expect(passwordProblem("Sturdy-Ledger-4821", context)).toBeNull();
  });

  it("enforces 8 to 128 characters", () => {
    expect(passwordProblem("Ab1-xyz", context)).toBe(MESSAGES.passwordTooShort);
    expect(passwordProblem("a".repeat(129), context)).toBe(MESSAGES.passwordTooLong);
    expect(passwordProblem("Zq8#".repeat(32), context)).toBeNull();
  });

  it.each(["password", "PASSWORD1", "12345678", "qwertyuiop", "iloveyou", "Sunshine1"])("refuses the common password %s", (password) => {
    expect(passwordProblem(password, context)).toBe(MESSAGES.passwordTooCommon);
  });

  it("refuses a password of spaces only", () => {
    expect(passwordProblem(" ".repeat(12), context)).toBe(MESSAGES.passwordOnlySpaces);
  });

  it.each(["Ngozi.Okafor-2026!", "my-termvest-key-77", "TERMVEST#plans#9", "Sturdy-OKAFOR-4821"])("refuses %s, which holds the e-mail name or the site's name", (password) => {
    expect(passwordProblem(password, context)).toBe(MESSAGES.passwordPersonal);
  });

  it("ignores e-mail names and name parts too short to matter", () => {
    expect(passwordProblem("Sturdy-al-Ledger-4821", { email: "al@example.com", siteName: "Termvest" })).toBeNull();
    expect(passwordProblem("Sturdy-Ledger-ada-4821", { email: "ada.obi@example.com", siteName: "Termvest" })).toBeNull();
  });
});

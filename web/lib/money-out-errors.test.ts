import { describe, expect, it } from "vitest";
import { MESSAGES } from "#shared/schemas/auth.js";
import { ApiError } from "./api.js";
import { moneyOutFailure } from "./money-out-errors.js";
import { NOT_AUTHENTICATED } from "./request-errors.js";

const NAMES = { amountCents: "amount", walletAddress: "recipient", toEmail: "recipient" };
const FALLBACK = "The transaction could not be completed. Please try again.";

describe("moneyOutFailure", () => {
  it("puts the server's sentence on the field it names", () => {
    const limit = new ApiError(400, "VALIDATION_FAILED", "The smallest payout is $10.00.", { amountCents: "The smallest payout is $10.00." });
    expect(moneyOutFailure(limit, NAMES, FALLBACK)).toEqual({ message: "", fields: { amount: "The smallest payout is $10.00." }, conflict: false });
    const unknown = new ApiError(404, "NOT_FOUND", "No account uses that e-mail address.", { toEmail: "No account uses that e-mail address." });
    expect(moneyOutFailure(unknown, NAMES, FALLBACK)).toMatchObject({ fields: { recipient: "No account uses that e-mail address." } });
  });

  it("puts a payout's refused address on the address field, in the server's words", () => {
    const waiting = "This address is confirmed and can be used from 2026-11-29 14:00 UTC.";
    const refused = new ApiError(403, "ADDRESS_NOT_ALLOWED", waiting, { walletAddress: waiting });
    expect(moneyOutFailure(refused, NAMES, FALLBACK)).toEqual({ message: "", fields: { recipient: waiting }, conflict: false });
  });

  it("keeps a sentence without a field for the whole form", () => {
    const self = new ApiError(400, "VALIDATION_FAILED", "You cannot send money to yourself.");
    expect(moneyOutFailure(self, NAMES, FALLBACK)).toEqual({ message: "You cannot send money to yourself.", fields: {}, conflict: false });
    const balance = new ApiError(409, "INSUFFICIENT_FUNDS", "Your available balance is not enough for this payout.");
    expect(moneyOutFailure(balance, NAMES, FALLBACK)).toEqual({ message: "Your available balance is not enough for this payout.", fields: {}, conflict: true });
  });

  it("shows a refusal of this caller in the server's words, for the form", () => {
    const own = new ApiError(403, "FORBIDDEN", "This is your own payout, so another admin must mark it paid.");
    expect(moneyOutFailure(own, NAMES, FALLBACK)).toEqual({ message: "This is your own payout, so another admin must mark it paid.", fields: {}, conflict: false });
    expect(moneyOutFailure(new ApiError(403, "CSRF_REJECTED", "Cross-site request refused."), NAMES, FALLBACK).message).toBe(FALLBACK);
  });

  it("falls back when the server did not explain", () => {
    expect(moneyOutFailure(new ApiError(401, "UNAUTHENTICATED", "Sign in."), NAMES, FALLBACK).message).toBe(NOT_AUTHENTICATED);
    expect(moneyOutFailure(new ApiError(500, "INTERNAL", "Boom"), NAMES, FALLBACK).message).toBe(FALLBACK);
    expect(moneyOutFailure(new Error("x"), NAMES, FALLBACK).message).toBe(FALLBACK);
  });

  it("leaves an account refusal to the account notice", () => {
    const unverified = new ApiError(403, "EMAIL_NOT_VERIFIED", "Verify your e-mail address first. We sent a link to a@b.co.");
    expect(moneyOutFailure(unverified, NAMES, FALLBACK)).toEqual({ message: "", fields: {}, conflict: false });
  });

  it("puts a wrong payout code on the code field", () => {
    const wrong = new ApiError(400, "VALIDATION_FAILED", "That code is not valid. Enter the current code from your authenticator app.", {
      twoFactorCode: "That code is not valid. Enter the current code from your authenticator app.",
    });
    expect(moneyOutFailure(wrong, { twoFactorCode: "twoFactorCode" }, FALLBACK).fields).toEqual({
      twoFactorCode: "That code is not valid. Enter the current code from your authenticator app.",
    });
  });

  it("puts an already used payout code on the code field, in the server's words", () => {
    const used = new ApiError(400, "VALIDATION_FAILED", MESSAGES.twoFactorCodeUsed, { twoFactorCode: MESSAGES.twoFactorCodeUsed });
    expect(moneyOutFailure(used, { twoFactorCode: "twoFactorCode" }, FALLBACK)).toEqual({ message: "", fields: { twoFactorCode: MESSAGES.twoFactorCodeUsed }, conflict: false });
  });
});

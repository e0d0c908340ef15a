import { describe, expect, it } from "vitest";
import { MESSAGES } from "#shared/schemas/auth.js";
import { ApiError } from "./api.js";
import { authErrorMessage } from "./auth-messages.js";

describe("authErrorMessage", () => {
  it("shows one message for an unknown e-mail and a wrong password", () => {
    expect(authErrorMessage(new ApiError(401, "INVALID_EMAIL_OR_PASSWORD", "Invalid email or password"))).toBe("Incorrect email or password");
  });

  it("maps the reference's sign-up messages", () => {
    expect(authErrorMessage(new ApiError(422, "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL", "x"))).toBe("This email is already registered");
    expect(authErrorMessage(new ApiError(400, "VALIDATION_ERROR", "[body.email] Invalid email address"))).toBe("Invalid email format");
  });

  it("passes the server's password-policy sentence through", () => {
    expect(authErrorMessage(new ApiError(400, "WEAK_PASSWORD", MESSAGES.passwordTooCommon))).toBe(MESSAGES.passwordTooCommon);
  });

  it("says when the caller is rate limited, with the server's own sentence when it has one", () => {
    expect(authErrorMessage(new ApiError(429, "RATE_LIMITED", "Too many requests. Please try again later.", undefined, "auth", 30))).toBe(MESSAGES.rateLimited);
    expect(authErrorMessage(new ApiError(429, "RATE_LIMITED", "Too many requests. Please try again later.", undefined, "auth", 540))).toBe(
      "Too many attempts. Please wait 9 minutes and try again.",
    );
    expect(authErrorMessage(new ApiError(429, "RATE_LIMITED", MESSAGES.signInLocked, undefined, "app", 900))).toBe(MESSAGES.signInLocked);
  });

  it("explains a wrong, missing or already used two-factor code", () => {
    expect(authErrorMessage(new ApiError(401, "INVALID_CODE", "Invalid code", undefined, "auth"))).toBe(MESSAGES.twoFactorCodeInvalid);
    expect(authErrorMessage(new ApiError(401, "INVALID_CODE", MESSAGES.twoFactorCodeUsed, undefined, "auth"))).toBe(MESSAGES.twoFactorCodeUsed);
    expect(authErrorMessage(new ApiError(400, "TWO_FACTOR_CODE_REQUIRED", "x", undefined, "auth"))).toBe(MESSAGES.twoFactorCodeRequired);
    expect(authErrorMessage(new ApiError(401, "INVALID_TWO_FACTOR_COOKIE", "x", undefined, "auth"))).toBe("This sign-in has expired. Please log in again.");
  });

  it("falls back for anything unknown", () => {
    expect(authErrorMessage(new Error("boom"))).toBe(MESSAGES.unexpected);
    expect(authErrorMessage(new ApiError(500, "INTERNAL", "x"), MESSAGES.registrationFailed)).toBe(MESSAGES.registrationFailed);
  });
});

import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../../../shared/schemas/auth.js";
import { ApiError } from "../../../lib/api.js";
import { authErrorMessage } from "./messages.js";

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

  it("says when the caller is rate limited", () => {
    expect(authErrorMessage(new ApiError(429, "HTTP_429", "Too many requests"))).toBe(MESSAGES.rateLimited);
  });

  it("falls back for anything unknown", () => {
    expect(authErrorMessage(new Error("boom"))).toBe(MESSAGES.unexpected);
    expect(authErrorMessage(new ApiError(500, "INTERNAL", "x"), MESSAGES.registrationFailed)).toBe(MESSAGES.registrationFailed);
  });
});

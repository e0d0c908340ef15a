import { describe, expect, it } from "vitest";
import { MESSAGES } from "#shared/schemas/auth.js";
import { ApiError } from "#web/lib/api.js";
import { reauthFailure, WRONG_PASSWORD } from "./reauth-failure.js";

const auth = (status: number, code: string, message: string) => new ApiError(status, code, message, undefined, "auth");

describe("reauthFailure", () => {
  it("is nothing while nothing failed", () => {
    expect(reauthFailure(null)).toBeNull();
  });

  it("puts a refused password on the password field", () => {
    expect(reauthFailure(auth(400, "INVALID_PASSWORD", "Enter your current password to sign out other sessions."))).toEqual({ message: null, fields: { password: WRONG_PASSWORD } });
    expect(reauthFailure(auth(400, "INVALID_PASSWORD", "Invalid password"))).toEqual({ message: null, fields: { password: WRONG_PASSWORD } });
  });

  it("puts a missing, wrong or already used code on the code field, in the server's words", () => {
    expect(reauthFailure(auth(400, "TWO_FACTOR_CODE_REQUIRED", MESSAGES.secondFactorCodeRequired))?.fields).toEqual({ code: MESSAGES.secondFactorCodeRequired });
    expect(reauthFailure(auth(400, "INVALID_CODE", MESSAGES.twoFactorCodeUsed))?.fields).toEqual({ code: MESSAGES.twoFactorCodeUsed });
    expect(reauthFailure(auth(400, "INVALID_CODE", MESSAGES.secondFactorCodeInvalid))?.fields).toEqual({ code: MESSAGES.secondFactorCodeInvalid });
    // better-auth's own words ("Invalid code") become ours.
    expect(reauthFailure(auth(401, "INVALID_CODE", "Invalid code"))?.fields).toEqual({ code: MESSAGES.secondFactorCodeInvalid });
  });

  it("reads our API's refusals by the field they name", () => {
    const app = (fields: Record<string, string>) => new ApiError(400, "VALIDATION_FAILED", "Some fields are not valid.", fields, "app");
    expect(reauthFailure(app({ password: "Your password is not correct." }))).toEqual({ message: null, fields: { password: "Your password is not correct." } });
    expect(reauthFailure(app({ twoFactorCode: MESSAGES.secondFactorCodeInvalid }))).toEqual({ message: null, fields: { code: MESSAGES.secondFactorCodeInvalid } });
    expect(reauthFailure(app({ amountCents: "Too much." }), "Said by the caller.")).toEqual({ message: "Said by the caller.", fields: {} });
  });

  it("says anything else above the form", () => {
    expect(reauthFailure(auth(429, "RATE_LIMITED", "Too many requests. Please try again later."))).toEqual({ message: "Too many requests. Please try again later.", fields: {} });
    expect(reauthFailure(new ApiError(0, "NETWORK", "Could not reach the server."))?.message).toBe("Could not reach the server.");
    expect(reauthFailure(new ApiError(500, "INTERNAL", "Boom"))?.message).toBe(MESSAGES.unexpected);
    expect(reauthFailure(new ApiError(500, "INTERNAL", "Boom"), "Said by the caller.")?.message).toBe("Said by the caller.");
  });
});

import { describe, expect, it } from "vitest";
import { MESSAGES } from "#shared/schemas/auth.js";
import { ApiError } from "#web/lib/api.js";
import { signUpFailure } from "./sign-up-errors.js";

describe("signUpFailure", () => {
  it("puts each sentence the server tied to an input under that input, and nothing on top", () => {
    const weak = new ApiError(400, "WEAK_PASSWORD", MESSAGES.passwordTooCommon, { password: MESSAGES.passwordTooCommon }, "auth");
    expect(signUpFailure(weak)).toEqual({ fields: { password: MESSAGES.passwordTooCommon }, message: null });
    const consent = new ApiError(400, "CONSENT_REQUIRED", MESSAGES.termsRequired, { acceptTerms: MESSAGES.termsRequired, acceptRisk: MESSAGES.riskRequired }, "auth");
    expect(signUpFailure(consent).fields).toEqual({ acceptTerms: MESSAGES.termsRequired, acceptRisk: MESSAGES.riskRequired });
  });

  it("reads better-auth's own e-mail refusal as the e-mail field's", () => {
    const error = new ApiError(400, "VALIDATION_ERROR", "[body.email] Invalid email address", undefined, "auth");
    expect(signUpFailure(error)).toEqual({ fields: { email: MESSAGES.invalidEmail }, message: null });
  });

  it("keeps on top what belongs to no input", () => {
    const limited = new ApiError(429, "RATE_LIMITED", "Too many requests", undefined, "auth");
    expect(signUpFailure(limited)).toEqual({ fields: {}, message: MESSAGES.rateLimited });
    expect(signUpFailure(new Error("boom"))).toEqual({ fields: {}, message: MESSAGES.registrationFailed });
    // A refusal about an input the form does not have is the server's sentence, on top.
    const unknownField = new ApiError(400, "VALIDATION_FAILED", "A profile picture cannot be set.", { image: "A profile picture cannot be set." }, "auth");
    expect(signUpFailure(unknownField)).toEqual({ fields: {}, message: "A profile picture cannot be set." });
  });
});

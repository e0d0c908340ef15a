import { describe, expect, it } from "vitest";
import { ApiError } from "./api.js";
import { DEPOSIT_FAILED, depositFailure, NOT_AUTHENTICATED } from "./request-errors.js";

describe("depositFailure", () => {
  it("uses the service's sentence when the field only carries a tag", () => {
    const error = new ApiError(400, "VALIDATION_FAILED", "The smallest deposit is $10.00.", { amountCents: "too small" });
    expect(depositFailure(error)).toEqual({ message: "The smallest deposit is $10.00.", fields: { amount: "The smallest deposit is $10.00." } });
  });

  it("uses the field's sentence for a schema error", () => {
    const error = new ApiError(400, "VALIDATION_FAILED", "Some fields are not valid.", { txId: "The transaction id must be at most 128 characters." });
    expect(depositFailure(error)).toEqual({
      message: "The transaction id must be at most 128 characters.",
      fields: { txId: "The transaction id must be at most 128 characters." },
    });
  });

  it("falls back to the reference's messages", () => {
    expect(depositFailure(new ApiError(401, "UNAUTHENTICATED", "Sign in."))).toMatchObject({ message: NOT_AUTHENTICATED });
    expect(depositFailure(new ApiError(500, "INTERNAL", "Boom"))).toMatchObject({ message: DEPOSIT_FAILED });
    expect(depositFailure(new Error("network"))).toMatchObject({ message: DEPOSIT_FAILED });
  });

  it("leaves an unverified address to the account notice", () => {
    expect(depositFailure(new ApiError(403, "EMAIL_NOT_VERIFIED", "Verify your e-mail address first."))).toEqual({ message: "", fields: {} });
  });
});

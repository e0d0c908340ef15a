import { describe, expect, it } from "vitest";
import { ApiError } from "./api.js";
import { DEPOSIT_FAILED, depositFailure, NOT_AUTHENTICATED } from "./request-errors.js";

/**
 * The 400 bodies below are the ones the server sends (tests/deposits.test.ts asserts them over HTTP):
 * a service refusal names the field with the same sentence as the message; a schema refusal has a
 * sentence per field and the first one as the message.
 */
describe("depositFailure", () => {
  it("shows a service refusal's sentence beside the amount field", () => {
    const error = new ApiError(400, "VALIDATION_FAILED", "The smallest deposit is $10.00.", { amountCents: "The smallest deposit is $10.00." });
    expect(depositFailure(error)).toEqual({ message: "The smallest deposit is $10.00.", fields: { amount: "The smallest deposit is $10.00." } });
  });

  it("gives every refused field its own sentence, under the form's own field names", () => {
    const error = new ApiError(400, "VALIDATION_FAILED", "Use at most two decimal places.", {
      amountCents: "Use at most two decimal places.",
      txId: "The transaction id must be at most 128 characters.",
      unknownToTheForm: "Not shown.",
    });
    expect(depositFailure(error)).toEqual({
      message: "Use at most two decimal places.",
      fields: { amount: "Use at most two decimal places.", txId: "The transaction id must be at most 128 characters." },
    });
  });

  it("falls back to the reference site's messages", () => {
    expect(depositFailure(new ApiError(401, "UNAUTHENTICATED", "Sign in."))).toMatchObject({ message: NOT_AUTHENTICATED });
    expect(depositFailure(new ApiError(500, "INTERNAL", "Boom"))).toMatchObject({ message: DEPOSIT_FAILED });
    expect(depositFailure(new Error("network"))).toMatchObject({ message: DEPOSIT_FAILED });
  });

  it("leaves an unverified address to the account notice", () => {
    expect(depositFailure(new ApiError(403, "EMAIL_NOT_VERIFIED", "Verify your e-mail address first."))).toEqual({ message: "", fields: {} });
  });
});

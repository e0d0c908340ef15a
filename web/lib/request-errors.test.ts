import { afterEach, describe, expect, it, vi } from "vitest";
import type { ApiErrorBody } from "#shared/errors.js";
import { ApiError, apiRequest } from "./api.js";
import { explainBadRequest } from "./request-errors.js";

/** The error the client raises when the server answers `status` with `body`, read the way every call reads it. */
async function refusal(status: number, body: ApiErrorBody): Promise<ApiError> {
  vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } })));
  const error = await apiRequest("/api/deposits", { body: {} }).catch((caught: unknown) => caught);
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

afterEach(() => vi.unstubAllGlobals());

/**
 * The bodies below are the ones the server sends (AppError.toBody() in server/errors.ts; the whole
 * body of a refused deposit is asserted over HTTP in tests/deposits.test.ts), typed by the shared
 * ApiErrorBody so a change of shape fails the type check here too.
 */
describe("explainBadRequest", () => {
  it("puts a service refusal's sentence on the field the server names, under the form's name for it", async () => {
    const error = await refusal(400, {
      error: { code: "VALIDATION_FAILED", message: "The smallest deposit is $10.00.", fields: { amountCents: "The smallest deposit is $10.00." } },
    });
    expect(explainBadRequest(error, { amountCents: "amount" })).toEqual({
      message: "The smallest deposit is $10.00.",
      fields: { amount: "The smallest deposit is $10.00." },
    });
  });

  it("gives every refused field of a schema error its own sentence and leaves out fields the form lacks", async () => {
    const error = await refusal(400, {
      error: {
        code: "VALIDATION_FAILED",
        message: "Use at most two decimal places.",
        fields: { amountCents: "Use at most two decimal places.", txId: "The transaction id must be at most 128 characters.", method: "Choose a method." },
      },
    });
    expect(explainBadRequest(error, { amountCents: "amount", txId: "txId" })).toEqual({
      message: "Use at most two decimal places.",
      fields: { amount: "Use at most two decimal places.", txId: "The transaction id must be at most 128 characters." },
    });
  });

  it("keeps a sentence that names no field for the whole form", async () => {
    const error = await refusal(400, { error: { code: "VALIDATION_FAILED", message: "The request body is not valid JSON." } });
    expect(explainBadRequest(error, { amountCents: "amount" })).toEqual({ message: "The request body is not valid JSON.", fields: {} });
  });
});

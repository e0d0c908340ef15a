import { afterEach, describe, expect, it, vi } from "vitest";
import type { ApiErrorBody } from "#shared/errors.js";
import { createDepositSchema } from "#shared/schemas/deposits.js";
import { fieldMessages } from "#shared/schemas/field-messages.js";
import { ApiError, apiRequest } from "#web/lib/api.js";
import { NOT_AUTHENTICATED } from "#web/lib/request-errors.js";
import { DEPOSIT_FAILED, depositFailure } from "./deposit-errors.js";

/** What the deposit forms catch when POST /api/deposits answers `status` with `body`. */
async function refusedDeposit(status: number, body: ApiErrorBody | Record<string, never>): Promise<unknown> {
  vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } })));
  return apiRequest("/api/deposits", { body: { method: "crypto", coin: "BTC", amountCents: 999 } }).catch((caught: unknown) => caught);
}

/** A schema's 400 built the way server/http/json-body.ts builds it: a sentence per field, the first as the message. */
function schemaRefusal(body: unknown): ApiErrorBody {
  const parsed = createDepositSchema.safeParse(body);
  if (parsed.success) throw new Error("expected the deposit schema to refuse the body");
  const fields = fieldMessages(parsed.error.issues);
  return { error: { code: "VALIDATION_FAILED", message: Object.values(fields)[0] ?? "", fields } };
}

afterEach(() => vi.unstubAllGlobals());

/**
 * Bodies as the server sends them (AppError.toBody() in server/errors.ts; tests/deposits.test.ts
 * asserts the whole body of a refused deposit over HTTP), read by the client as every call reads them.
 */
describe("depositFailure", () => {
  it("shows the server's limit beside the amount field", async () => {
    const error = await refusedDeposit(400, {
      error: { code: "VALIDATION_FAILED", message: "The smallest deposit is $10.00.", fields: { amountCents: "The smallest deposit is $10.00." } },
    });
    expect(depositFailure(error)).toEqual({ message: "The smallest deposit is $10.00.", fields: { amount: "The smallest deposit is $10.00." } });
  });

  it("gives each field a schema refuses its own sentence, under the form's names", async () => {
    const crypto = schemaRefusal({ method: "crypto", coin: "BTC", amountCents: 0.5, txId: "x".repeat(200) });
    const { amountCents, txId } = crypto.error.fields ?? {};
    expect(amountCents && txId).toBeTruthy();
    expect(depositFailure(await refusedDeposit(400, crypto))).toEqual({ message: amountCents, fields: { amount: amountCents, txId } });

    const bank = schemaRefusal({ method: "bank", bank: "nope", amountCents: 5_000, reference: "TV-23456789" });
    expect(depositFailure(await refusedDeposit(400, bank)).fields).toEqual({ bank: bank.error.fields?.bank });
    const coin = schemaRefusal({ method: "crypto", coin: "DOGE", amountCents: 5_000 });
    expect(depositFailure(await refusedDeposit(400, coin)).fields).toEqual({ coin: coin.error.fields?.coin });
  });

  it("falls back to the reference site's messages when the server did not explain", async () => {
    expect(depositFailure(await refusedDeposit(401, { error: { code: "UNAUTHENTICATED", message: "Sign in first." } }))).toEqual({ message: NOT_AUTHENTICATED, fields: {} });
    expect(depositFailure(await refusedDeposit(500, { error: { code: "INTERNAL", message: "Something went wrong." } }))).toEqual({ message: DEPOSIT_FAILED, fields: {} });
    expect(depositFailure(await refusedDeposit(502, {}))).toEqual({ message: DEPOSIT_FAILED, fields: {} });
    expect(depositFailure(new ApiError(0, "NETWORK", "Could not reach the server."))).toEqual({ message: DEPOSIT_FAILED, fields: {} });
  });

  it("names a refused bank reference, and says a 409 in the server's words", async () => {
    const noReference = schemaRefusal({ method: "bank", bank: "uba", amountCents: 5_000 });
    expect(depositFailure(await refusedDeposit(400, noReference)).fields).toEqual({ reference: "Enter the reference shown with the bank details." });
    const used = "You have already reported a transfer with this reference. Reload the page to get a new reference for another transfer.";
    expect(depositFailure(await refusedDeposit(409, { error: { code: "CONFLICT", message: used, fields: { reference: used } } }))).toEqual({ message: used, fields: {} });
  });

  it("leaves an unverified address to the account notice", async () => {
    const error = await refusedDeposit(403, { error: { code: "EMAIL_NOT_VERIFIED", message: "Verify your e-mail address first." } });
    expect(depositFailure(error)).toEqual({ message: "", fields: {} });
  });
});

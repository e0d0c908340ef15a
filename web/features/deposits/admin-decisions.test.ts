import { describe, expect, it } from "vitest";
import { SHORT_CREDIT_REASON_REQUIRED } from "#shared/schemas/deposits.js";
import { parseConfirmDeposit } from "./admin-decisions.js";

const CLAIM = 30_000;

describe("parseConfirmDeposit", () => {
  it("sends nothing for empty fields: the claimed amount arrived", () => {
    expect(parseConfirmDeposit({ receivedCents: " ", txId: "", reason: "" }, CLAIM)).toEqual({ ok: true, body: { receivedCents: undefined, txId: undefined, reason: undefined } });
  });

  it("reads the amount received in dollars, the transaction id and the reason trimmed", () => {
    expect(parseConfirmDeposit({ receivedCents: "250", txId: " e3b0c442 ", reason: " Bank fee of $50 " }, CLAIM)).toEqual({
      ok: true,
      body: { receivedCents: 25_000, txId: "e3b0c442", reason: "Bank fee of $50" },
    });
  });

  it("asks for the reason the investor will read when less than the claim arrived, and only then", () => {
    expect(parseConfirmDeposit({ receivedCents: "250", txId: "" }, CLAIM)).toEqual({ ok: false, errors: { reason: SHORT_CREDIT_REASON_REQUIRED } });
    expect(parseConfirmDeposit({ receivedCents: "300", txId: "" }, CLAIM).ok).toBe(true);
    expect(parseConfirmDeposit({ receivedCents: "400", txId: "" }, CLAIM).ok).toBe(true);
  });

  it("puts each refusal on its own field", () => {
    const amount = parseConfirmDeposit({ receivedCents: "12.345", txId: "" }, CLAIM);
    expect(amount.ok === false && Object.keys(amount.errors)).toEqual(["receivedCents"]);
    const txId = parseConfirmDeposit({ receivedCents: "", txId: "x".repeat(200) }, CLAIM);
    expect(txId.ok === false && Object.keys(txId.errors)).toEqual(["txId"]);
  });
});

import { describe, expect, it } from "vitest";
import { parseConfirmDeposit } from "./admin-decisions.js";

describe("parseConfirmDeposit", () => {
  it("sends nothing for empty fields: the claimed amount arrived", () => {
    expect(parseConfirmDeposit({ receivedCents: " ", txId: "" })).toEqual({ ok: true, body: { receivedCents: undefined, txId: undefined } });
  });

  it("reads the amount received in dollars and the transaction id trimmed", () => {
    expect(parseConfirmDeposit({ receivedCents: "250", txId: " e3b0c442 " })).toEqual({ ok: true, body: { receivedCents: 25_000, txId: "e3b0c442" } });
  });

  it("puts each refusal on its own field", () => {
    const amount = parseConfirmDeposit({ receivedCents: "12.345", txId: "" });
    expect(amount.ok === false && Object.keys(amount.errors)).toEqual(["receivedCents"]);
    const txId = parseConfirmDeposit({ receivedCents: "", txId: "x".repeat(200) });
    expect(txId.ok === false && Object.keys(txId.errors)).toEqual(["txId"]);
  });
});

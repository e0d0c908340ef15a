import { describe, expect, it } from "vitest";
import { checkRequest } from "./check-request.js";

const ADDRESS = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";
const BASE = { fromEmail: "bola@example.com", wallet: "" as const, walletAddress: "", amount: "40", note: "" };

describe("checkRequest", () => {
  it("builds the request, leaving out what was not given", () => {
    expect(checkRequest(BASE)).toEqual({ ok: true, input: { fromEmail: "bola@example.com", amountCents: 4_000 } });
    expect(checkRequest({ ...BASE, wallet: "bitcoin", walletAddress: ` ${ADDRESS} `, note: " Rent " })).toEqual({
      ok: true,
      input: { fromEmail: "bola@example.com", amountCents: 4_000, wallet: "bitcoin", walletAddress: ADDRESS, note: "Rent" },
    });
    expect(checkRequest({ ...BASE, wallet: "usdt", walletAddress: "TQ5ex" })).toMatchObject({ ok: true, input: { wallet: "usdt", walletAddress: "TQ5ex" } });
  });

  it("says what is wrong", () => {
    expect(checkRequest({ ...BASE, fromEmail: "", amount: "" })).toEqual({
      ok: false,
      errors: { fromEmail: "Enter the e-mail address of the person you are asking.", amount: "Please enter an amount first." },
    });
    expect(checkRequest({ ...BASE, fromEmail: "bola" })).toEqual({ ok: false, errors: { fromEmail: "Invalid email format" } });
    expect(checkRequest({ ...BASE, wallet: "bitcoin", walletAddress: "bc1qnope" })).toEqual({ ok: false, errors: { walletAddress: "This is not a valid bitcoin address." } });
    expect(checkRequest({ ...BASE, walletAddress: ADDRESS })).toEqual({ ok: false, errors: { wallet: "Choose the wallet this address belongs to." } });
    expect(checkRequest({ ...BASE, note: "x".repeat(501) })).toEqual({ ok: false, errors: { note: "The note must be at most 500 characters." } });
  });
});

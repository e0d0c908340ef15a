import { describe, expect, it } from "vitest";
import { checkRequest } from "./check-request.js";

const BASE = { fromEmail: "bola@example.com", amount: "40", note: "" };

describe("checkRequest", () => {
  it("builds the request, leaving out what was not given", () => {
    expect(checkRequest(BASE)).toEqual({ ok: true, input: { fromEmail: "bola@example.com", amountCents: 4_000 } });
    expect(checkRequest({ ...BASE, note: " Rent " })).toEqual({ ok: true, input: { fromEmail: "bola@example.com", amountCents: 4_000, note: "Rent" } });
  });

  it("says what is wrong", () => {
    expect(checkRequest({ ...BASE, fromEmail: "", amount: "" })).toEqual({
      ok: false,
      errors: { fromEmail: "Enter the e-mail address of the person you are asking.", amount: "Please enter an amount first." },
    });
    expect(checkRequest({ ...BASE, fromEmail: "bola" })).toEqual({ ok: false, errors: { fromEmail: "Invalid email format" } });
    expect(checkRequest({ ...BASE, note: "x".repeat(501) })).toEqual({ ok: false, errors: { note: "The note must be at most 500 characters." } });
  });
});

import { describe, expect, it } from "vitest";
import { EMPTY_SEND_MONEY, planSendMoney, WRONG_KIND, type SendMoneyInput } from "./send-money.js";

const ADDRESS = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";
const transfer = (fields: Partial<SendMoneyInput>) => planSendMoney({ ...EMPTY_SEND_MONEY, kind: "transfer", ...fields });
const payout = (fields: Partial<SendMoneyInput>) => planSendMoney({ ...EMPTY_SEND_MONEY, kind: "payout", ...fields });

describe("planSendMoney", () => {
  it("sends to a user by e-mail, ignoring what the payout fields hold", () => {
    expect(transfer({ toEmail: " Bola@Example.com ", amount: "1,250.5" })).toEqual({ ok: true, kind: "transfer", input: { toEmail: "Bola@Example.com", amountCents: 125_050 } });
    expect(transfer({ toEmail: "bola@example.com", amount: "20", recipient: "anything" })).toMatchObject({ ok: true, kind: "transfer" });
  });

  it("pays out to the address picked, never with a code (the review asks for it)", () => {
    expect(payout({ recipient: ADDRESS, amount: "120.50", toEmail: "ignored@example.com" })).toEqual({
      ok: true,
      kind: "payout",
      input: { walletAddress: ADDRESS, amountCents: 12_050 },
    });
  });

  it("asks for every field the chosen kind needs, and only those", () => {
    expect(transfer({})).toEqual({ ok: false, missing: true, errors: { toEmail: expect.any(String), amount: expect.any(String) } });
    expect(payout({})).toEqual({ ok: false, missing: true, errors: { recipient: "Choose the wallet to withdraw to.", amount: expect.any(String) } });
    expect(transfer({ toEmail: "a@b.co", amount: "  " })).toMatchObject({ ok: false, missing: true, errors: { amount: expect.any(String) } });
  });

  it("says what is wrong, and when the other kind was meant", () => {
    expect(payout({ recipient: "bc1qnotreal", amount: "10" })).toEqual({ ok: false, missing: false, errors: { recipient: "This is not a valid bitcoin address." } });
    expect(payout({ recipient: "bola@example.com", amount: "10" })).toMatchObject({ ok: false, errors: { recipient: WRONG_KIND.payout } });
    expect(transfer({ toEmail: ADDRESS, amount: "10" })).toMatchObject({ ok: false, errors: { toEmail: WRONG_KIND.transfer } });
    expect(transfer({ toEmail: "not@an", amount: "10" })).toMatchObject({ ok: false, errors: { toEmail: "Invalid email format" } });
    expect(transfer({ toEmail: "a@b.co", amount: "1.005" })).toMatchObject({ ok: false, errors: { amount: "Use at most two decimal places." } });
    expect(transfer({ toEmail: "a@b.co", amount: "0" })).toMatchObject({ ok: false, errors: { amount: "The amount must be more than zero." } });
  });
});

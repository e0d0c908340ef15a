import { describe, expect, it } from "vitest";
import { planSendMoney, RECEIVER_MISMATCH } from "./send-money.js";

const ADDRESS = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";

describe("planSendMoney", () => {
  it("sends to a user when the recipient is an e-mail, ignoring the wallet field", () => {
    expect(planSendMoney({ recipient: " Bola@Example.com ", amount: "1,250.5", walletAddress: "" })).toEqual({
      ok: true,
      kind: "transfer",
      input: { toEmail: "Bola@Example.com", amountCents: 125_050 },
    });
    expect(planSendMoney({ recipient: "bola@example.com", amount: "20", walletAddress: "anything" })).toMatchObject({ ok: true, kind: "transfer" });
  });

  it("pays out to a wallet address typed twice", () => {
    expect(planSendMoney({ recipient: ADDRESS, amount: "120.50", walletAddress: ` ${ADDRESS} ` })).toEqual({
      ok: true,
      kind: "payout",
      input: { walletAddress: ADDRESS, amountCents: 12_050 },
    });
  });

  it("asks for every field the transaction needs", () => {
    expect(planSendMoney({ recipient: "", amount: "", walletAddress: "" })).toMatchObject({
      ok: false,
      missing: true,
      errors: { recipient: expect.any(String), amount: expect.any(String), walletAddress: expect.any(String) },
    });
    expect(planSendMoney({ recipient: ADDRESS, amount: "10", walletAddress: " " })).toMatchObject({ ok: false, missing: true, errors: { walletAddress: expect.any(String) } });
    expect(planSendMoney({ recipient: "a@b.co", amount: "  ", walletAddress: "" })).toMatchObject({ ok: false, missing: true, errors: { amount: expect.any(String) } });
  });

  it("says what is wrong", () => {
    expect(planSendMoney({ recipient: "bc1qnotreal", amount: "10", walletAddress: "bc1qnotreal" })).toEqual({
      ok: false,
      missing: false,
      errors: { recipient: "This is not a valid bitcoin address." },
    });
    expect(planSendMoney({ recipient: ADDRESS, amount: "10", walletAddress: ADDRESS.slice(0, -1) })).toEqual({
      ok: false,
      missing: false,
      errors: { walletAddress: RECEIVER_MISMATCH },
    });
    expect(planSendMoney({ recipient: "not@an", amount: "10", walletAddress: "" })).toMatchObject({ ok: false, errors: { recipient: "Invalid email format" } });
    expect(planSendMoney({ recipient: "a@b.co", amount: "1.005", walletAddress: "" })).toMatchObject({ ok: false, errors: { amount: "Use at most two decimal places." } });
    expect(planSendMoney({ recipient: "a@b.co", amount: "0", walletAddress: "" })).toMatchObject({ ok: false, errors: { amount: "The amount must be more than zero." } });
  });
});

describe("planSendMoney with two-factor on", () => {
  it("asks a payout for the current authenticator code and sends it", () => {
    expect(planSendMoney({ recipient: ADDRESS, amount: "10", walletAddress: ADDRESS, twoFactorCode: "" }, { twoFactor: true })).toEqual({
      ok: false,
      missing: false,
      errors: { twoFactorCode: "Enter the 6-digit code from your authenticator app." },
    });
    expect(planSendMoney({ recipient: ADDRESS, amount: "10", walletAddress: ADDRESS, twoFactorCode: "123 456" }, { twoFactor: true })).toEqual({
      ok: true,
      kind: "payout",
      input: { walletAddress: ADDRESS, amountCents: 1_000, twoFactorCode: "123456" },
    });
  });

  it("needs no code for a transfer to another user, nor without two-factor", () => {
    expect(planSendMoney({ recipient: "a@b.co", amount: "10", walletAddress: "" }, { twoFactor: true })).toMatchObject({ ok: true, kind: "transfer" });
    expect(planSendMoney({ recipient: ADDRESS, amount: "10", walletAddress: ADDRESS, twoFactorCode: "123456" })).toEqual({
      ok: true,
      kind: "payout",
      input: { walletAddress: ADDRESS, amountCents: 1_000 },
    });
  });
});

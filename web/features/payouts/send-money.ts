import { emailField } from "#shared/schemas/auth.js";
import { createPayoutSchema, isPayableBitcoinAddress, walletAddressField, type CreatePayoutInput } from "#shared/schemas/payouts.js";
import { createTransferSchema, type CreateTransferInput } from "#shared/schemas/transfers.js";
import { checkAmount } from "#web/lib/amount.js";

/** Word for word the texts of the site this one replaces, which its users already know. */
export const FILL_ALL_FIELDS = "Please fill in all fields.";
export const CANCELLED = "Transaction has been cancelled.";
export const CONFIRMED = "Transaction confirmed!";

/** The two ways money leaves (docs/product.md, "The money model"), chosen plainly on the form. */
export type SendMoneyKind = "transfer" | "payout";

export const KIND_LABELS: Record<SendMoneyKind, string> = { transfer: "Send to a user", payout: "Withdraw to a wallet" };

export const WRONG_KIND: Record<SendMoneyKind, string> = {
  transfer: "This is a bitcoin address. To withdraw to it, choose Withdraw to a wallet.",
  payout: "This is an e-mail address. To send money to a user, choose Send to a user.",
};

export type SendMoneyField = "toEmail" | "recipient" | "amount";
export type SendMoneyErrors = Partial<Record<SendMoneyField, string>>;

/**
 * The form as filled in. Each kind keeps its own recipient, so switching back and forth loses
 * nothing: `toEmail` for a transfer, `recipient` for a payout (an address picked from the
 * investor's own list of withdrawal addresses, never typed: the list is what was confirmed).
 */
export interface SendMoneyInput {
  kind: SendMoneyKind;
  toEmail: string;
  recipient: string;
  amount: string;
}

export const EMPTY_SEND_MONEY: SendMoneyInput = { kind: "transfer", toEmail: "", recipient: "", amount: "" };

/** Neither kind carries the second factor's code yet: the review asks for it last, so it is still current when sent. */
export type SendMoneyPlan =
  | { ok: true; kind: "transfer"; input: CreateTransferInput }
  | { ok: true; kind: "payout"; input: CreatePayoutInput }
  /** `missing`: a required field is empty, which the reference answers with "Please fill in all fields.". */
  | { ok: false; missing: boolean; errors: SendMoneyErrors };

const FIRST_ISSUE = (error: { issues: ReadonlyArray<{ message: string }> }) => error.issues[0]?.message ?? "This value is not valid.";

/**
 * Reads the Transaction Details form for the kind chosen. A transfer needs the recipient's e-mail
 * and an amount; a payout needs an address picked from the withdrawal list and an amount (the
 * reference's "type it twice" check is the list's e-mailed confirmation now). Nothing is sent from
 * here: the plan goes to the review.
 */
export function planSendMoney(form: SendMoneyInput): SendMoneyPlan {
  const amountText = form.amount.trim();
  const missing: SendMoneyErrors = {};
  if (form.kind === "transfer" && !form.toEmail.trim()) missing.toEmail = "Enter the recipient's e-mail address.";
  if (form.kind === "payout" && !form.recipient.trim()) missing.recipient = "Choose the wallet to withdraw to.";
  if (!amountText) missing.amount = "Enter an amount.";
  if (Object.keys(missing).length > 0) return { ok: false, missing: true, errors: missing };

  const errors: SendMoneyErrors = {};
  const amount = checkAmount(form.amount);
  if (!amount.ok) errors.amount = amount.message;

  if (form.kind === "transfer") {
    const toEmail = form.toEmail.trim();
    const email = emailField.safeParse(toEmail);
    if (!email.success) errors.toEmail = isPayableBitcoinAddress(toEmail) ? WRONG_KIND.transfer : FIRST_ISSUE(email.error);
    if (!amount.ok || errors.toEmail) return { ok: false, missing: false, errors };
    const parsed = createTransferSchema.safeParse({ toEmail, amountCents: amount.cents });
    return parsed.success ? { ok: true, kind: "transfer", input: parsed.data } : { ok: false, missing: false, errors: { amount: FIRST_ISSUE(parsed.error) } };
  }

  const recipient = form.recipient.trim();
  const address = walletAddressField.safeParse(recipient);
  if (!address.success) errors.recipient = recipient.includes("@") ? WRONG_KIND.payout : FIRST_ISSUE(address.error);
  if (!amount.ok || errors.recipient) return { ok: false, missing: false, errors };
  const parsed = createPayoutSchema.safeParse({ amountCents: amount.cents, walletAddress: recipient });
  return parsed.success ? { ok: true, kind: "payout", input: parsed.data } : { ok: false, missing: false, errors: { amount: FIRST_ISSUE(parsed.error) } };
}

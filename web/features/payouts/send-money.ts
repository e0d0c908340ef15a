import { emailField, twoFactorCodeField } from "#shared/schemas/auth.js";
import { createPayoutSchema, createTransferSchema, walletAddressField, type CreatePayoutInput, type CreateTransferInput } from "#shared/schemas/payouts.js";
import { checkAmount } from "#web/lib/amount.js";

/** Word for word the texts of the site this one replaces, which its users already know. */
export const FILL_ALL_FIELDS = "Please fill in all fields.";
export const CANCELLED = "Transaction has been cancelled.";
export const CONFIRMED = "Transaction confirmed!";
export const RECEIVER_MISMATCH = "Receiver information does not match.";

export type SendMoneyField = "recipient" | "amount" | "walletAddress" | "twoFactorCode";
export type SendMoneyErrors = Partial<Record<SendMoneyField, string>>;

export interface SendMoneyInput {
  recipient: string;
  amount: string;
  walletAddress: string;
  /** The authenticator code a payout needs when two-factor is on; unused otherwise. */
  twoFactorCode?: string;
}

export type SendMoneyPlan =
  | { ok: true; kind: "transfer"; input: CreateTransferInput }
  | { ok: true; kind: "payout"; input: CreatePayoutInput }
  /** `missing`: a required field is empty, which the reference answers with an alert. */
  | { ok: false; missing: boolean; errors: SendMoneyErrors };

/** An e-mail goes to another user's account; anything else is read as a bitcoin address to pay out to. */
export function isEmailRecipient(recipient: string): boolean {
  return recipient.includes("@");
}

const FIRST_ISSUE = (error: { issues: ReadonlyArray<{ message: string }> }) => error.issues[0]?.message ?? "This value is not valid.";

/**
 * Reads the Transaction Details form. Recipient is an e-mail → an internal transfer (the wallet
 * field is optional and ignored). Recipient is a wallet address → a payout to it, and the Wallet
 * address field must repeat it exactly (the reference's receiver / confirm-receiver check).
 */
export function planSendMoney(form: SendMoneyInput, options: { twoFactor?: boolean } = {}): SendMoneyPlan {
  const recipient = form.recipient.trim();
  const walletAddress = form.walletAddress.trim();
  const toEmail = isEmailRecipient(recipient);

  const missing: SendMoneyErrors = {};
  if (!recipient) missing.recipient = "Enter the recipient's e-mail or wallet address.";
  if (!form.amount.trim()) missing.amount = "Enter an amount.";
  if (!toEmail && !walletAddress) missing.walletAddress = "Enter the wallet address again to confirm it.";
  if (Object.keys(missing).length > 0) return { ok: false, missing: true, errors: missing };

  const errors: SendMoneyErrors = {};
  const amount = checkAmount(form.amount);
  if (!amount.ok) errors.amount = amount.message;

  if (toEmail) {
    const email = emailField.safeParse(recipient);
    if (!email.success) errors.recipient = FIRST_ISSUE(email.error);
  } else {
    const address = walletAddressField.safeParse(recipient);
    if (!address.success) errors.recipient = FIRST_ISSUE(address.error);
    else if (walletAddress !== recipient) errors.walletAddress = RECEIVER_MISMATCH;
    // With two-factor on, money leaves only with a current code (the server checks it and uses it up).
    if (options.twoFactor) {
      const code = twoFactorCodeField.safeParse(form.twoFactorCode ?? "");
      if (!code.success) errors.twoFactorCode = FIRST_ISSUE(code.error);
    }
  }
  if (Object.keys(errors).length > 0 || !amount.ok) return { ok: false, missing: false, errors };

  if (toEmail) {
    const parsed = createTransferSchema.safeParse({ toEmail: recipient, amountCents: amount.cents });
    return parsed.success ? { ok: true, kind: "transfer", input: parsed.data } : { ok: false, missing: false, errors: { amount: FIRST_ISSUE(parsed.error) } };
  }
  const twoFactorCode = options.twoFactor ? form.twoFactorCode : undefined;
  const parsed = createPayoutSchema.safeParse({ amountCents: amount.cents, walletAddress: recipient, twoFactorCode });
  return parsed.success ? { ok: true, kind: "payout", input: parsed.data } : { ok: false, missing: false, errors: { amount: FIRST_ISSUE(parsed.error) } };
}

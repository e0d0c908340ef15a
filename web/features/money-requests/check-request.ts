import { emailField } from "#shared/schemas/auth.js";
import { fieldMessages } from "#shared/schemas/field-messages.js";
import { createMoneyRequestSchema, type CreateMoneyRequestInput } from "#shared/schemas/money-requests.js";
import { checkAmount } from "#web/lib/amount.js";

export type RequestField = "fromEmail" | "amount" | "note";
export type RequestErrors = Partial<Record<RequestField, string>>;

export interface RequestInput {
  fromEmail: string;
  amount: string;
  note: string;
}

export type RequestCheck = { ok: true; input: CreateMoneyRequestInput } | { ok: false; errors: RequestErrors };

/** The Request Money form → the API body, or a message per field; the note is optional. */
export function checkRequest(form: RequestInput): RequestCheck {
  const errors: RequestErrors = {};
  const fromEmail = form.fromEmail.trim();
  const note = form.note.trim();

  if (!fromEmail) errors.fromEmail = "Enter the e-mail address of the person you are asking.";
  else {
    const email = emailField.safeParse(fromEmail);
    if (!email.success) errors.fromEmail = email.error.issues[0]?.message ?? "Invalid email format";
  }
  const amount = checkAmount(form.amount);
  if (!amount.ok) errors.amount = amount.message;
  if (Object.keys(errors).length > 0 || !amount.ok) return { ok: false, errors };

  const parsed = createMoneyRequestSchema.safeParse({ fromEmail, amountCents: amount.cents, note: note || undefined });
  if (parsed.success) return { ok: true, input: parsed.data };
  for (const [path, message] of Object.entries(fieldMessages(parsed.error.issues))) {
    const key = path === "amountCents" ? "amount" : (path as RequestField);
    errors[key] ??= message;
  }
  return { ok: false, errors };
}

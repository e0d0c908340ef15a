import * as z from "zod/mini";
import { emailField, secondFactorFields } from "./auth.js";
import { amountCentsField } from "./money.js";
import { noteField } from "./text.js";

/**
 * Asking another user for money. A paid request is a transfer into the requester's Main Balance,
 * so it asks for no wallet: the reference site's wallet fields led nowhere.
 */
export const createMoneyRequestSchema = z.object({ fromEmail: emailField, amountCents: amountCentsField, note: noteField });
export type CreateMoneyRequestInput = z.infer<typeof createMoneyRequestSchema>;

/** Paying a money request made to the caller: only the second factor, when two-factor is on. */
export const payMoneyRequestSchema = z.object({ ...secondFactorFields });
export type PayMoneyRequestInput = z.infer<typeof payMoneyRequestSchema>;

export const moneyRequestDto = z.object({
  id: z.string(),
  direction: z.enum(["incoming", "outgoing"]),
  /** The other person: who asked (incoming) or who was asked (outgoing). */
  counterparty: z.object({ name: z.string(), email: z.string() }),
  amountCents: z.number(),
  note: z.nullable(z.string()),
  status: z.enum(["pending", "paid", "declined"]),
  createdAt: z.string(),
  answeredAt: z.nullable(z.string()),
});
export type MoneyRequestDto = z.infer<typeof moneyRequestDto>;

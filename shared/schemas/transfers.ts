import * as z from "zod/mini";
import { emailField, secondFactorFields } from "./auth.js";
import { amountCentsField } from "./money.js";
import { noteField } from "./text.js";

/** What the review before a transfer asks about: the same recipient and amount the send will carry. */
export const transferPreviewSchema = z.object({ toEmail: emailField, amountCents: amountCentsField });
export type TransferPreviewInput = z.infer<typeof transferPreviewSchema>;

/**
 * The review's answer. Only what a send to this address would show anyway (the recipient's display
 * name, as in a transfer's answer); `withinBalance` is about the caller's own Main Balance.
 */
export const transferPreviewDto = z.object({
  toName: z.string(),
  toEmail: z.string(),
  amountCents: z.number(),
  withinBalance: z.boolean(),
});
export type TransferPreviewDto = z.infer<typeof transferPreviewDto>;

/** Sending money to another user by e-mail, with a note in the sender's words. */
export const createTransferSchema = z.object({ toEmail: emailField, amountCents: amountCentsField, note: noteField, ...secondFactorFields });
export type CreateTransferInput = z.infer<typeof createTransferSchema>;

export const transferDto = z.object({
  id: z.string(),
  /** What the statement shows for it ("TR-…"): the reference to quote to support. */
  reference: z.string(),
  amountCents: z.number(),
  toName: z.string(),
  note: z.nullable(z.string()),
  createdAt: z.string(),
});
export type TransferDto = z.infer<typeof transferDto>;

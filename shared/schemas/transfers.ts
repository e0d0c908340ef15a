import * as z from "zod/mini";
import { emailField } from "./auth.js";
import { amountCentsField } from "./money.js";

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

import * as z from "zod/mini";
import { matchingTotal } from "./admin-list.js";
import { cursorQueryFields, listOf } from "./paging.js";

export const MAIL_STATUSES = ["dead", "pending", "sent"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** `GET /api/admin/mail`: dead messages unless another status is asked for, newest first. */
export const adminMailQuery = z.object({
  status: z.optional(z.enum(MAIL_STATUSES, "status must be dead, pending or sent.")),
  ...cursorQueryFields,
});
export type AdminMailQuery = z.infer<typeof adminMailQuery>;

/** One stored e-mail as operators see it: the recipient in full (they may need to reach them), never the text. */
export const adminMailDto = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number(),
  lastError: z.nullable(z.string()),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
});
export type AdminMailDto = z.infer<typeof adminMailDto>;

export const adminMailListDto = listOf(adminMailDto, matchingTotal);
export type AdminMailListDto = z.infer<typeof adminMailListDto>;

import * as z from "zod/mini";
import { matchingTotal, sortParam } from "./admin-list.js";
import { cursorQueryFields, listOf } from "./paging.js";
import { textField } from "./text.js";

/*
 * The operator's inbox of contact-form messages (GET /api/admin/messages and its actions). Apart
 * from contact.ts so the public contact form's bundle does not carry the back office's schemas.
 */
export const CONTACT_STATUSES = ["new", "answered", "archived"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const REPLY_MAX = 5000;

export const CONTACT_SORT_KEYS = ["createdAt", "status"] as const;

/** GET /api/admin/messages: newest first unless `sort` says otherwise, like every back-office list. */
export const contactInboxQuery = z.object({
  status: z.optional(z.enum(CONTACT_STATUSES, "status must be new, answered or archived.")),
  ...cursorQueryFields,
  sort: sortParam(CONTACT_SORT_KEYS, { key: "createdAt", direction: "desc" }),
});
export type ContactInboxQuery = z.input<typeof contactInboxQuery>;

export const contactReplySchema = z.object({
  text: textField({ label: "Reply", min: 1, max: REPLY_MAX, multiline: true, messages: { required: "Write a reply first.", tooLong: `A reply is at most ${REPLY_MAX} characters.` } }),
});
export type ContactReplyInput = z.input<typeof contactReplySchema>;

export const contactMessageDto = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.nullable(z.string()),
  message: z.string(),
  status: z.enum(CONTACT_STATUSES),
  replyText: z.nullable(z.string()),
  repliedAt: z.nullable(z.string()),
  repliedByEmail: z.nullable(z.string()),
  createdAt: z.string(),
});
export type ContactMessageDto = z.infer<typeof contactMessageDto>;

export const contactInboxDto = listOf(contactMessageDto, matchingTotal);
export type ContactInboxDto = z.infer<typeof contactInboxDto>;

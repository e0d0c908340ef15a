import * as z from "zod/mini";
import { MESSAGES } from "./auth.js";

/** Shared by the contact form and POST /api/contact, so both refuse the same input with the same words. */
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, message: 5000 } as const;

export const CONTACT_MESSAGES = {
  nameRequired: "Name is required.",
  nameTooLong: `Name must be at most ${CONTACT_LIMITS.name} characters.`,
  emailRequired: "Email is required.",
  invalidEmail: MESSAGES.invalidEmail,
  emailTooLong: `Email must be at most ${CONTACT_LIMITS.email} characters.`,
  subjectTooLong: `Subject must be at most ${CONTACT_LIMITS.subject} characters.`,
  subjectNotText: "Subject must be text.",
  messageRequired: "Message is required.",
  messageTooLong: `Message must be at most ${CONTACT_LIMITS.message} characters.`,
  sent: "Message sent!",
  rateLimited: "Too many messages. Please try again later.",
  failed: "Your message could not be sent. Please try again.",
} as const;

/** A missing field and a non-string one get different words: only the first is the visitor's mistake. */
const text = (required: string, label: string) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : `${label} must be text.`) });

export const contactMessageSchema = z.object({
  name: text(CONTACT_MESSAGES.nameRequired, "Name").check(
    z.trim(),
    z.minLength(1, CONTACT_MESSAGES.nameRequired),
    z.maxLength(CONTACT_LIMITS.name, CONTACT_MESSAGES.nameTooLong),
  ),
  email: text(CONTACT_MESSAGES.emailRequired, "Email").check(
    z.trim(),
    z.minLength(1, CONTACT_MESSAGES.emailRequired),
    z.maxLength(CONTACT_LIMITS.email, CONTACT_MESSAGES.emailTooLong),
    z.email(CONTACT_MESSAGES.invalidEmail),
  ),
  // The form always sends the field; an empty or blank subject means "none" and is stored as NULL.
  subject: z.pipe(
    z.pipe(
      z.optional(z.nullable(z.string({ error: CONTACT_MESSAGES.subjectNotText }))),
      z.transform((value) => value?.trim() || undefined),
    ),
    z.optional(z.string().check(z.maxLength(CONTACT_LIMITS.subject, CONTACT_MESSAGES.subjectTooLong))),
  ),
  message: text(CONTACT_MESSAGES.messageRequired, "Message").check(
    z.trim(),
    z.minLength(1, CONTACT_MESSAGES.messageRequired),
    z.maxLength(CONTACT_LIMITS.message, CONTACT_MESSAGES.messageTooLong),
  ),
});

/** What the form holds and the API accepts. */
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
/** After trimming; `subject` is undefined when blank. */
export type ContactMessage = z.output<typeof contactMessageSchema>;

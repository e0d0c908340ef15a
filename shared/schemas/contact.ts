import * as z from "zod/mini";
import { EMAIL_MAX, MESSAGES } from "./auth.js";
import { textField } from "./text.js";

/** Shared by the contact form and POST /api/contact, so both refuse the same input with the same words. */
export const CONTACT_LIMITS = { name: 100, email: EMAIL_MAX, subject: 200, message: 5000 } as const;

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

export const contactMessageSchema = z.object({
  name: textField({ label: "Name", min: 1, max: CONTACT_LIMITS.name, messages: { required: CONTACT_MESSAGES.nameRequired, tooLong: CONTACT_MESSAGES.nameTooLong } }),
  email: textField({ label: "Email", min: 1, max: CONTACT_LIMITS.email, messages: { required: CONTACT_MESSAGES.emailRequired, tooLong: CONTACT_MESSAGES.emailTooLong } }).check(
    z.email(CONTACT_MESSAGES.invalidEmail),
  ),
  // The form always sends the field; an empty or blank subject means "none" and is stored as NULL.
  subject: z.pipe(
    z.pipe(
      z.optional(z.nullable(z.string({ error: CONTACT_MESSAGES.subjectNotText }))),
      z.transform((value) => value?.trim() || undefined),
    ),
    z.optional(textField({ label: "Subject", max: CONTACT_LIMITS.subject, messages: { tooLong: CONTACT_MESSAGES.subjectTooLong } })),
  ),
  message: textField({
    label: "Message",
    min: 1,
    max: CONTACT_LIMITS.message,
    multiline: true,
    messages: { required: CONTACT_MESSAGES.messageRequired, tooLong: CONTACT_MESSAGES.messageTooLong },
  }),
});

/** What the form holds and the API accepts. */
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
/** After trimming; `subject` is undefined when blank. */
export type ContactMessage = z.output<typeof contactMessageSchema>;

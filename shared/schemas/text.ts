import * as z from "zod/mini";

/**
 * Characters no text field accepts: C0 controls (NUL included: PostgreSQL cannot store it), DEL,
 * C1 controls, and the bidi embeddings, overrides and isolates that make text read differently
 * from what it is ("Trojan Source"). Multi-line fields keep tab, LF and CR.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN_MULTI_LINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
/** Single-line fields also refuse tab, LF, CR and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- as above
const FORBIDDEN_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;

export function hasControlCharacters(value: string, multiline = false): boolean {
  return (multiline ? FORBIDDEN_MULTI_LINE : FORBIDDEN_SINGLE_LINE).test(value);
}

export interface TextFieldOptions {
  /** How messages name the field: "Full name" → "Full name must be at most 100 characters." */
  label: string;
  max: number;
  /** 0 (the default) lets a blank value through as ""; wrap the field in z.optional for an absent one. */
  min?: number;
  /** Notes, reasons and messages: tab and line breaks allowed. */
  multiline?: boolean;
  /** Overrides for messages that forms already show with other words. */
  messages?: { required?: string; tooLong?: string; notText?: string };
}

/**
 * Every free-text input of the API and the forms: trimmed, then length-checked and refused when
 * it holds control characters, each with a message that names the field.
 */
export function textField({ label, max, min = 0, multiline = false, messages = {} }: TextFieldOptions) {
  const required = messages.required ?? (min <= 1 ? `${label} is required.` : `${label} must be at least ${min} characters.`);
  const checks = [
    z.trim(),
    ...(min > 0 ? [z.minLength(min, required)] : []),
    z.maxLength(max, messages.tooLong ?? `${label} must be at most ${max} characters.`),
    z.refine<string>((value) => !hasControlCharacters(value, multiline), `${label} must not contain control characters.`),
  ];
  const notText = messages.notText ?? `${label} must be text.`;
  // A missing field is the visitor's omission; a number or object where text belongs is a client bug.
  const base = z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : notText) });
  return base.check(...checks);
}

/** Fields several schemas share, so a note or a reason has one limit everywhere. */
export const NOTE_MAX = 500;
export const REASON_MAX = 500;

/** A user's note on a transfer or a money request: shown to the other person as their words. */
export const noteField = z.optional(textField({ label: "The note", max: NOTE_MAX, multiline: true }));

/** An admin's reason for refusing a deposit or a payout, shown to the user. */
export const reasonField = textField({
  label: "The reason",
  min: 1,
  max: REASON_MAX,
  multiline: true,
  messages: { required: "Give a reason for the rejection." },
});

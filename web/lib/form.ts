import type * as z from "zod/mini";
import type { core } from "zod/mini";
import { fieldMessages } from "#shared/schemas/field-messages.js";

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/** The first message for each field, keyed the way the form's inputs are. */
export function fieldErrors<T>(error: core.$ZodError<T>): FieldErrors<T> {
  // An issue about the whole value names no input, so the form has nowhere to show it.
  const { body: _whole, ...fields } = fieldMessages(error.issues);
  return fields as FieldErrors<T>;
}

/**
 * A form's values checked against its schema before anything is sent: the parsed input, or null.
 * Either way `showErrors` gets this try's messages per field (none when it passed), so the last
 * try's messages never linger.
 */
export function checkForm<S extends z.ZodMiniType>(schema: S, form: unknown, showErrors: (errors: FieldErrors<z.output<S>>) => void): z.output<S> | null {
  const parsed = schema.safeParse(form);
  showErrors(parsed.success ? {} : fieldErrors(parsed.error));
  return parsed.success ? parsed.data : null;
}

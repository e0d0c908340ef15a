import type { core } from "zod/mini";
import { fieldMessages } from "#shared/schemas/field-messages.js";

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/** The first message for each field, keyed the way the form's inputs are. */
export function fieldErrors<T>(error: core.$ZodError<T>): FieldErrors<T> {
  // An issue about the whole value names no input, so the form has nowhere to show it.
  const { body: _whole, ...fields } = fieldMessages(error.issues);
  return fields as FieldErrors<T>;
}

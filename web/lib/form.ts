import type { core } from "zod/mini";

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/** The first message for each field, keyed the way the form's inputs are. */
export function fieldErrors<T>(error: core.$ZodError<T>): FieldErrors<T> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "");
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors as FieldErrors<T>;
}

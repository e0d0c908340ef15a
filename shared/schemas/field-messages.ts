import type { core } from "zod/mini";

type Issue = Pick<core.$ZodIssue, "path" | "message">;

/**
 * The first message for each field, keyed by its dotted path ("features.0"); an issue about the
 * value as a whole is keyed "body". The one place zod issues become the `fields` of a 400.
 */
export function fieldMessages(issues: readonly Issue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join(".") || "body"] ??= issue.message;
  return fields;
}

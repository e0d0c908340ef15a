import type { Context } from "hono";
import type * as z from "zod/mini";
import { AppError } from "../errors.js";

const MAX_BODY = 64 * 1024;

export interface JsonBody<T> {
  raw: string;
  value: T;
}

/** Reads and validates a JSON body; malformed, oversized or invalid input is a 400 that names the fields. */
export async function readJson<T>(c: Context, schema: z.ZodMiniType<T>): Promise<JsonBody<T>> {
  const raw = await c.req.text();
  if (raw.length > MAX_BODY) throw new AppError("VALIDATION_FAILED", "The request body is too large.");
  let parsed: unknown;
  try {
    parsed = raw === "" ? {} : JSON.parse(raw);
  } catch {
    throw new AppError("VALIDATION_FAILED", "The request body is not valid JSON.");
  }
  const result = schema.safeParse(parsed);
  if (!result.success) {
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) fields[issue.path.join(".") || "body"] ??= issue.message;
    throw new AppError("VALIDATION_FAILED", Object.values(fields)[0] ?? "Some fields are not valid.", fields);
  }
  return { raw, value: result.data };
}

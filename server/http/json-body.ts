import type { Context } from "hono";
import type * as z from "zod/mini";
import { fieldMessages } from "#shared/schemas/field-messages.js";
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
    const fields = fieldMessages(result.error.issues);
    throw new AppError("VALIDATION_FAILED", Object.values(fields)[0] ?? "Some fields are not valid.", fields);
  }
  // After the schema, so a known field gets its own words; this catches the keys it ignores.
  refuseNul(parsed);
  return { raw, value: result.data };
}

/**
 * Reads and validates the query string with the route's shared schema: the same 400 as a body, a
 * message per field. Control characters were refused before any route ran (request-guards.ts).
 */
export function readQuery<T>(c: Context, schema: z.ZodMiniType<T>): T {
  const result = schema.safeParse(c.req.query());
  if (result.success) return result.data;
  const fields = fieldMessages(result.error.issues);
  throw new AppError("VALIDATION_FAILED", Object.values(fields)[0] ?? "The query string is not valid.", fields);
}

/**
 * Reads and validates the path's parameters (`:month`) with the route's shared schema: the same
 * 400, a message per parameter.
 */
export function readParams<T>(c: Context, schema: z.ZodMiniType<T>): T {
  const result = schema.safeParse(c.req.param());
  if (result.success) return result.data;
  const fields = fieldMessages(result.error.issues);
  throw new AppError("VALIDATION_FAILED", Object.values(fields)[0] ?? "The address is not valid.", fields);
}

/**
 * NUL anywhere in a JSON body (a value or a key, known to the schema or not) is refused: nothing
 * that carries one should reach a log line, a stored raw body or the database, which cannot hold it.
 */
export function refuseNul(value: unknown): void {
  const path = nulPath(value);
  if (path === undefined) return;
  const field = path || "body";
  throw new AppError("VALIDATION_FAILED", "The request must not contain control characters.", { [field]: "This value must not contain control characters." });
}

interface Node {
  value: unknown;
  key: string;
  parent: Node | undefined;
}

/** Iterative, and paths are built only for a hit, so a deeply nested body costs linear time. */
function nulPath(root: unknown): string | undefined {
  const pathOf = (node: Node | undefined) => {
    const keys: string[] = [];
    for (let at = node; at?.parent; at = at.parent) keys.unshift(at.key);
    return keys.join(".");
  };
  const pending: Node[] = [{ value: root, key: "", parent: undefined }];
  for (let node = pending.pop(); node; node = pending.pop()) {
    const { value } = node;
    if (typeof value === "string") {
      if (value.includes("\u0000")) return pathOf(node);
    } else if (typeof value === "object" && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes("\u0000")) return pathOf(node);
        pending.push({ value: item, key, parent: node });
      }
    }
  }
  return undefined;
}

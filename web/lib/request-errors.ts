import { ApiError } from "./api.js";

/** The reference site's words when a call needs a session the browser no longer has. */
export const NOT_AUTHENTICATED = "User not authenticated.";

/**
 * Reads a 400 from the API. The server's contract (server/errors.ts, server/http/json-body.ts): `message`
 * is a sentence for the user, and `fields` maps each refused input to its own sentence; a schema
 * error's `message` is its first field's sentence. `names` turns the API's field names into the
 * form's own; fields the form does not have are left out.
 */
export function explainBadRequest(error: ApiError, names: Record<string, string>): { message: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  for (const [key, text] of Object.entries(error.fields ?? {})) {
    const name = names[key];
    if (name) fields[name] = text;
  }
  return { message: error.message, fields };
}

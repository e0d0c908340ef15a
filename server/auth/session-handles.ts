import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { session } from "../db/schema.js";
import { AppError } from "../errors.js";

/*
 * better-auth's session list answers each session's token, which is the session itself once
 * signed: the page has no use for it, and a script injected into the page should not read what
 * the HttpOnly cookie keeps from it. The list leaves the tokens out, and signing one session out
 * names it by its id, which the server turns back into its token for the caller's own sessions only.
 */

/** better-auth's list of the caller's sessions without their tokens (any other answer as it was). */
export async function withoutSessionTokens(response: Response): Promise<Response> {
  if (!response.ok) return response;
  const sessions = (await response.json()) as Array<Record<string, unknown>>;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(sessions.map(({ token: _token, ...rest }) => rest)), { status: response.status, headers });
}

/**
 * The body better-auth's revoke-session takes ({ token, password }) for one of { sessionId, password }:
 * the token of the caller's own session by that id. 401 without a session, 404 for an id that is
 * not one of the caller's sessions now (never someone else's: the query names the caller).
 */
export async function revokeBodyFor(db: Database, callerId: string | undefined, body: ArrayBuffer | undefined): Promise<ArrayBuffer> {
  if (!callerId) throw new AppError("UNAUTHENTICATED", "Please log in to continue.");
  let input: { sessionId?: unknown; password?: unknown } = {};
  try {
    input = JSON.parse(new TextDecoder().decode(body)) as typeof input;
  } catch {
    // An unreadable body names no session: the 400 below.
  }
  if (typeof input.sessionId !== "string" || input.sessionId === "" || input.sessionId.length > 200) {
    throw new AppError("VALIDATION_FAILED", "Say which session to sign out.", { sessionId: "Say which session to sign out." });
  }
  const [own] = await db
    .select({ token: session.token })
    .from(session)
    .where(and(eq(session.id, input.sessionId), eq(session.userId, callerId)));
  if (!own) throw new AppError("NOT_FOUND", "That session has already ended.");
  return new TextEncoder().encode(JSON.stringify({ token: own.token, password: input.password })).buffer as ArrayBuffer;
}

import { Hono, type Context } from "hono";
import { CLIENT_IP_HEADER, type Auth } from "../auth.js";
import type { Database } from "../db/client.js";
import { clientIp } from "../http/client-ip.js";
import { sessionResolver } from "../http/session.js";
import { countSignInFailure } from "../services/audit/sign-in-failures.js";
import { revokeBodyFor, withoutSessionTokens } from "../auth/session-handles.js";
import { normalizeEmail, signInGuard } from "../auth/sign-in-guard.js";
import { verificationLinkBinding } from "../auth/verification-link-binding.js";

/**
 * The better-auth endpoints the product uses; every other one (its admin plugin's impersonation
 * and password setting, account linking, user deletion …) answers 404 here. Operator actions go
 * through our own audited /api/admin routes. Not served either: `/two-factor/get-totp-uri`, which
 * would hand the authenticator secret to anyone holding the password (enrolment shows it once).
 */
const ENDPOINTS: Record<string, ReadonlySet<string>> = {
  // Who is signed in is GET /api/session (server/routes/session.ts), not better-auth's get-session.
  GET: new Set(["/list-sessions", "/verify-email"]),
  POST: new Set([
    "/sign-up/email",
    "/sign-in/email",
    "/sign-out",
    "/request-password-reset",
    "/reset-password",
    "/change-password",
    "/update-user",
    "/send-verification-email",
    "/revoke-session",
    "/revoke-other-sessions",
    "/two-factor/enable",
    "/two-factor/disable",
    "/two-factor/verify-totp",
    "/two-factor/verify-backup-code",
    "/two-factor/generate-backup-codes",
  ]),
};
/** The link in a reset e-mail: GET /reset-password/<token> redirects to our reset page. */
const RESET_LINK = /^\/reset-password\/[^/]+$/;

const isServed = (method: string, path: string) => ENDPOINTS[method]?.has(path) || (method === "GET" && RESET_LINK.test(path));

/** What every sign-up is answered, whether the address was new or taken. */
const SIGNED_UP = { ok: true } as const;

/**
 * better-auth behind a thin shell: it serves only the endpoints above, supplies the client address
 * (never the client's own header), counts wrong passwords per account and per address, and makes
 * a sign-up's answer the same for a new address and a taken one. The verification link signs in
 * only the browser that signed up (server/auth/verification-link-binding.ts).
 */
export function authRoutes(auth: Auth, options: { db: Database; trustProxy: boolean; rateLimit: boolean }) {
  const guard = signInGuard(options.db, options.rateLimit);
  const linkBinding = verificationLinkBinding(auth, options.db);
  const callerOf = sessionResolver(auth, options.db);
  return new Hono().on(["GET", "POST"], "/*", async (c) => {
    const path = c.req.path.slice("/api/auth".length);
    if (!isServed(c.req.method, path)) return c.json({ error: { code: "NOT_FOUND", message: "No such endpoint." } }, 404);

    const ip = clientIp(c, options.trustProxy) ?? "unknown";
    const sent = c.req.method === "POST" ? await c.req.arrayBuffer() : undefined;
    // Sessions are named by id to the page, never by token (server/auth/session-handles.ts).
    const body = path === "/revoke-session" ? await revokeBodyFor(options.db, (await callerOf(c))?.user.id, sent) : sent;
    const call = () => auth.handler(forwarded(c, ip, body));
    if (path === "/list-sessions") return withoutSessionTokens(await call());

    if (path === "/sign-in/email") {
      const email = normalizeEmail(parseJson(body)?.email);
      await guard.check(email, ip);
      const response = await call();
      if (response.status === 401) {
        await guard.recordFailure(email, ip);
        await countSignInFailure(options.db, email);
      }
      else if (response.ok) await guard.recordSuccess(email);
      return response;
    }
    const response = await call();
    if (path === "/sign-up/email" && response.ok) {
      const cookie = await linkBinding.signUpCookie(response);
      return c.json(SIGNED_UP, 200, cookie ? { "Set-Cookie": cookie } : {});
    }
    if (path === "/verify-email") return linkBinding.guardVerifyLink(c, response);
    return response;
  });
}

function forwarded(c: Context, ip: string, body: ArrayBuffer | undefined): Request {
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, ip);
  return new Request(c.req.raw.url, { method: c.req.method, headers, body });
}

function parseJson(body: ArrayBuffer | undefined): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(body));
    return value && typeof value === "object" ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

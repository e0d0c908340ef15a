import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { generateCookie, getCookie } from "hono/cookie";
import type { Auth } from "../auth.js";
import type { Database } from "../db/client.js";
import { session } from "../db/schema.js";

/*
 * Why this exists: the verification link signs its follower in (server/auth.ts,
 * autoSignInAfterVerification), so anyone could sign up with their own address and send their
 * link to someone else, whose browser would then be signed into the sender's account (a login
 * CSRF): the victim may deposit into it or type their details into it. So the link signs a browser
 * in only if that browser is the one that signed up: a successful sign-up leaves a short-lived
 * cookie bound to the new account (an HMAC of its id, not the id), and a session the link opens
 * without it is ended at once. The address is verified either way, and the browser keeps the
 * session it had, or none.
 */

const COOKIE = "termvest.verify_link";
/** Long enough to open the mail on the same browser, short enough not to linger. */
const MAX_AGE_SECONDS = 60 * 60;
/** Where an unbound link lands: the login page says the address is verified. */
export const UNBOUND_LINK_DESTINATION = "/login?verified=1";

export function verificationLinkBinding(auth: Auth, db: Database) {
  const settings = async () => {
    const context = await auth.$context;
    const secure = new URL(context.baseURL).protocol === "https:";
    return {
      secret: context.secret,
      sessionCookie: context.authCookies.sessionToken.name,
      cookie: secure ? `__Secure-${COOKIE}` : COOKIE,
      attributes: { path: "/api/auth", httpOnly: true, secure, sameSite: "Lax" } as const,
    };
  };
  const mark = (secret: string, userId: string) => createHmac("sha256", secret).update(`verify-link:${userId}`).digest("base64url");

  return {
    /**
     * The cookie for a sign-up's answer. A taken address gets one too (bound to the made-up id
     * better-auth answers with), so the answer still does not tell which addresses have accounts.
     */
    async signUpCookie(signUpResponse: Response): Promise<string | undefined> {
      const body = (await signUpResponse.json().catch(() => undefined)) as { user?: { id?: unknown } } | undefined;
      const userId = body?.user?.id;
      if (typeof userId !== "string") return undefined;
      const { secret, cookie, attributes } = await settings();
      return generateCookie(cookie, mark(secret, userId), { ...attributes, maxAge: MAX_AGE_SECONDS });
    },

    /** better-auth's answer to a followed link, with any session it opened for another browser taken back. */
    async guardVerifyLink(c: Context, response: Response): Promise<Response> {
      const { secret, sessionCookie, cookie, attributes } = await settings();
      const opened = tokenOf(response.headers.getSetCookie().find((line) => line.startsWith(`${sessionCookie}=`)));
      // No session, or the one this browser already had (its owner followed their own link): nothing to take back.
      if (!opened || opened === unsignedToken(getCookie(c, sessionCookie))) return response;

      const [created] = await db.select({ userId: session.userId }).from(session).where(eq(session.token, opened));
      const given = getCookie(c, cookie);
      if (created && given && sameMark(given, mark(secret, created.userId))) {
        const headers = new Headers(response.headers);
        headers.append("Set-Cookie", generateCookie(cookie, "", { ...attributes, maxAge: 0 }));
        return new Response(response.body, { status: response.status, headers });
      }

      await db.delete(session).where(eq(session.token, opened));
      // The link's only cookies are the session's; without them the browser keeps what it had.
      const headers = new Headers(response.headers);
      headers.delete("Set-Cookie");
      if (response.status >= 300 && response.status < 400) {
        headers.set("Location", UNBOUND_LINK_DESTINATION);
        return new Response(null, { status: response.status, headers });
      }
      return new Response(response.body, { status: response.status, headers });
    },
  };
}

/** The session token in a better-auth cookie value: `<token>.<signature>`, URL-encoded. */
function unsignedToken(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const decoded = decodeURIComponent(value);
  const dot = decoded.lastIndexOf(".");
  return dot > 0 ? decoded.slice(0, dot) : undefined;
}

function tokenOf(setCookie: string | undefined): string | undefined {
  const pair = setCookie?.split(";")[0];
  return unsignedToken(pair?.slice(pair.indexOf("=") + 1));
}

function sameMark(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

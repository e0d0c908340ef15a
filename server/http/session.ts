import type { Context, MiddlewareHandler } from "hono";
import type { Auth } from "../auth.js";
import { createSessionLookup, type LookedUpSession } from "../auth/session-lookup.js";
import { passedSecondFactor, type SecondFactor } from "../auth/session-factors.js";
import { extendAdminSession } from "../auth/session-lifetime.js";
import type { Database } from "../db/client.js";
import { AppError } from "../errors.js";
import { requireVerifiedIdentity } from "../services/verification/identity-level.js";
import { MESSAGES, type AccountDto } from "#shared/schemas/auth.js";

/** The caller, as GET /api/session shows them to the web app. */
export type SessionUser = AccountDto;

/** The caller's session: which one, and the second factor its sign-in passed (server/auth/session-factors.ts). */
export interface CallerSession {
  id: string;
  secondFactor: SecondFactor | null;
  secondFactorAt: Date | null;
}

export type AppEnv = { Variables: { user: SessionUser; session: CallerSession } };

/** Who a session cookie belongs to: the caller and which of their sessions this is. */
export interface SignedIn {
  user: SessionUser;
  session: CallerSession;
}

/** One resolver per auth instance, so every router's guard shares it and tests' servers stay apart. */
const resolvers = new WeakMap<Auth, SessionResolver>();

function isBanned(user: LookedUpSession["user"], now: Date): boolean {
  return user.banned && (!user.banExpires || user.banExpires > now);
}

type SessionResolver = (c: Context) => Promise<SignedIn | null>;

/**
 * The caller of a request, from its session cookie (server/auth/session-lookup.ts: one statement,
 * as better-auth would answer), or null: no session, or its user is banned. Every request asks the
 * database, so a revoked session or a ban stops the next request on every server. An admin's
 * request also slides their short idle timeout forward (server/auth/session-lifetime.ts). When
 * better-auth slid a remembered session's expiry, its new cookie goes out with this request's response.
 */
export function sessionResolver(auth: Auth, db: Database): SessionResolver {
  let resolve = resolvers.get(auth);
  if (resolve) return resolve;
  const lookup = createSessionLookup(auth, db);
  resolve = async (c) => {
    const result = await lookup(c.req.raw.headers);
    const now = new Date();
    if (!result || isBanned(result.user, now)) return null;
    // On the context's response (not c.header's prepared headers), so a handler that returns a
    // Response of its own keeps them too: Hono carries this response's cookies over to it.
    for (const refreshed of result.refreshedCookies ?? []) c.res.headers.append("Set-Cookie", refreshed);
    const { id, name, email, role, emailVerified, twoFactorEnabled } = result.user;
    const { secondFactor, secondFactorAt } = result.session;
    const signedIn: SignedIn = {
      user: { id, name, email, role: role ?? "user", emailVerified, twoFactorEnabled },
      session: { id: result.session.id, secondFactor: secondFactor as SecondFactor | null, secondFactorAt },
    };
    if (role === "admin") await extendAdminSession(db, result.session, now);
    return signedIn;
  };
  resolvers.set(auth, resolve);
  return resolve;
}

/** The caller, as sessionResolver finds them; 401 when there is none. */
export function requireUser(auth: Auth, db: Database): MiddlewareHandler<AppEnv> {
  const resolve = sessionResolver(auth, db);
  return async (c, next) => {
    const signedIn = await resolve(c);
    if (!signedIn) throw new AppError("UNAUTHENTICATED", "Please log in to continue.");
    c.set("user", signedIn.user);
    c.set("session", signedIn.session);
    await next();
  };
}

/**
 * The back office: the admin role, two-factor on, and a session whose own sign-in passed the
 * authenticator code (or a backup code) within its 12 hours; a session made with the password
 * alone never becomes one, whatever the account turned on since.
 */
export function requireAdmin(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get("user");
    if (user.role !== "admin") throw new AppError("FORBIDDEN", "You do not have access to this.");
    if (!user.twoFactorEnabled) throw new AppError("TWO_FACTOR_REQUIRED", MESSAGES.twoFactorRequired);
    const session = c.get("session");
    if (!passedSecondFactor(session.secondFactor, session.secondFactorAt, new Date())) {
      throw new AppError("SECOND_FACTOR_REQUIRED", MESSAGES.secondFactorSessionRequired);
    }
    await next();
  };
}

/** Money moves only for an address its owner has shown they read. */
export function requireVerifiedEmail(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get("user");
    if (!user.emailVerified) throw new AppError("EMAIL_NOT_VERIFIED", MESSAGES.emailNotVerified(user.email));
    await next();
  };
}

/** Money leaves only from an account whose identity an operator approved (server/services/verification/identity-level.ts). */
export function requireVerifiedIdentityOf(db: Database): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await requireVerifiedIdentity(db, c.get("user").id);
    await next();
  };
}

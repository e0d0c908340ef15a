import type { MiddlewareHandler } from "hono";
import type { Auth } from "../auth.js";
import { createSessionLookup, type LookedUpSession, type SessionLookup } from "../auth/session-lookup.js";
import { extendAdminSession } from "../auth/session-lifetime.js";
import type { Database } from "../db/client.js";
import { AppError } from "../errors.js";
import { MESSAGES } from "#shared/schemas/auth.js";
import { SessionCache } from "./session-cache.js";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
}

export type AppEnv = { Variables: { user: SessionUser } };

/** Reads may use the short session cache (server/http/session-cache.ts); anything that changes state may not. */
const READ_METHODS = new Set(["GET", "HEAD"]);

/** One cache and one lookup per auth instance, so every router's guard shares them and tests' servers stay apart. */
const caches = new WeakMap<Auth, SessionCache<SessionUser>>();
const lookups = new WeakMap<Auth, SessionLookup>();

function cacheOf(auth: Auth): SessionCache<SessionUser> {
  let cache = caches.get(auth);
  if (!cache) caches.set(auth, (cache = new SessionCache<SessionUser>()));
  return cache;
}

/** After a change to sessions or users made through this server: no read trusts an old answer. */
export function forgetSessions(auth: Auth): void {
  caches.get(auth)?.clear();
}

function lookupOf(auth: Auth, db: Database): SessionLookup {
  let lookup = lookups.get(auth);
  if (!lookup) lookups.set(auth, (lookup = createSessionLookup(auth, db)));
  return lookup;
}

function isBanned(user: LookedUpSession["user"], now: Date): boolean {
  return user.banned && (!user.banExpires || user.banExpires > now);
}

/**
 * Resolves the caller from the session cookie (server/auth/session-lookup.ts: one statement, as
 * better-auth would answer); 401 when there is none, or its user is banned.
 * A read (GET) by a customer may be answered from the session cache for a few seconds; every
 * other request, and every admin's, asks the database. An admin's request also slides their short
 * idle timeout forward (server/auth/session-lifetime.ts).
 */
export function requireUser(auth: Auth, db: Database): MiddlewareHandler<AppEnv> {
  const cache = cacheOf(auth);
  const lookup = lookupOf(auth, db);
  return async (c, next) => {
    // Several routers share the /api/admin mount, and each guards its routes: the first resolves the session once.
    if (c.get("user")) return next();
    const cookie = READ_METHODS.has(c.req.method) ? c.req.header("cookie") : undefined;
    const cached = cookie ? cache.get(cookie) : undefined;
    if (cached) {
      c.set("user", cached);
      return next();
    }
    const result = await lookup(c.req.raw.headers);
    const now = new Date();
    if (!result || isBanned(result.user, now)) throw new AppError("UNAUTHENTICATED", "Please log in to continue.");
    const { id, name, email, role, emailVerified, twoFactorEnabled } = result.user;
    const user: SessionUser = { id, name, email, role: role ?? "user", emailVerified, twoFactorEnabled };
    c.set("user", user);
    if (role === "admin") await extendAdminSession(db, result.session, now);
    else if (cookie) cache.set(cookie, user, result.session.expiresAt.getTime());
    await next();
  };
}

/** The back office: the admin role and, for every admin, a verified second factor. */
export function requireAdmin(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get("user");
    if (user.role !== "admin") throw new AppError("FORBIDDEN", "You do not have access to this.");
    if (!user.twoFactorEnabled) throw new AppError("TWO_FACTOR_REQUIRED", MESSAGES.twoFactorRequired);
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

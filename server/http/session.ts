import type { MiddlewareHandler } from "hono";
import type { Auth } from "../auth.js";
import { extendAdminSession } from "../auth/session-lifetime.js";
import type { Database } from "../db/client.js";
import { AppError } from "../errors.js";
import { MESSAGES } from "#shared/schemas/auth.js";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
}

export type AppEnv = { Variables: { user: SessionUser } };

type SessionResult = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;
type FullUser = SessionResult["user"] & { role?: string | null; twoFactorEnabled?: boolean | null };

/**
 * Resolves the caller from the session cookie; 401 when there is none. An admin's request also
 * slides their short idle timeout forward (server/auth/session-lifetime.ts).
 */
export function requireUser(auth: Auth, db: Database): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const result = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!result) throw new AppError("UNAUTHENTICATED", "Please log in to continue.");
    const { id, name, email, role, emailVerified, twoFactorEnabled } = result.user as FullUser;
    c.set("user", { id, name, email, role: role ?? "user", emailVerified, twoFactorEnabled: twoFactorEnabled === true });
    if (role === "admin") await extendAdminSession(db, result.session, new Date());
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

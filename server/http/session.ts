import type { MiddlewareHandler } from "hono";
import type { Auth } from "../auth.js";
import { AppError } from "../errors.js";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: string;
}

export type AppEnv = { Variables: { user: SessionUser } };

/** Resolves the caller from the session cookie; 401 when there is none. */
export function requireUser(auth: Auth): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const result = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!result) throw new AppError("UNAUTHENTICATED", "Please log in to continue.");
    const { id, name, email, role } = result.user as typeof result.user & { role?: string | null };
    c.set("user", { id, name, email, role: role ?? "user" });
    await next();
  };
}

export function requireRole(role: "admin"): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.get("user").role !== role) throw new AppError("FORBIDDEN", "You do not have access to this.");
    await next();
  };
}

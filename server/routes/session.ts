import type { AppDeps } from "../app-deps.js";
import { currentSessionDto, type CurrentSessionDto } from "#shared/schemas/auth.js";
import { ApiRouter } from "../http/api-router.js";
import { passedSecondFactor } from "../auth/session-factors.js";
import { sessionResolver } from "../http/session.js";

/**
 * Who is signed in, for the web app's every page load: through the same lookup as every signed-in
 * request (server/http/session.ts) instead of better-auth's get-session, which cost about 4 ms of
 * CPU a call (decision 0044). From the database, as every request's: the page shows
 * what it answers (an unverified address, a second factor), just after the link or the setting
 * that changed it. It leaves out what the page does not use: the session's token above all, which
 * stays in its HttpOnly cookie.
 */
export function sessionRoutes(deps: Pick<AppDeps, "auth" | "database" | "config">) {
  const resolve = sessionResolver(deps.auth, deps.database.db);
  return new ApiRouter("/api/session", deps).on(
    { method: "get", path: "/", summary: "Who is signed in: the user and the session's id, or null", auth: "none", response: currentSessionDto },
    async (c) => {
      const signedIn = await resolve(c);
      if (!signedIn) return c.json(null satisfies CurrentSessionDto);
      const { user, session } = signedIn;
      const backOffice = user.role === "admin" && user.twoFactorEnabled && passedSecondFactor(session.secondFactor, session.secondFactorAt, new Date());
      const body: CurrentSessionDto = { user, session: { id: session.id, secondFactor: session.secondFactor, backOffice } };
      return c.json(body);
    },
  );
}

import { Hono } from "hono";
import { userSearchQuery } from "../../shared/schemas/admin.js";
import type { AppDeps } from "../app.js";
import { requireRole, requireUser, type AppEnv } from "../http/session.js";
import { searchUsers } from "../services/users/search-users.js";

/** The operator back office API: every route needs a session and the admin role, checked here. */
export function adminRoutes({ auth, database }: Pick<AppDeps, "auth" | "database">) {
  return new Hono<AppEnv>()
    .use("*", requireUser(auth), requireRole("admin"))
    .get("/users", async (c) => {
      const { q } = userSearchQuery.parse(c.req.query());
      return c.json({ users: await searchUsers(database.db, q) });
    });
}

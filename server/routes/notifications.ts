import { Hono } from "hono";
import type { AppDeps } from "../app.js";
import { requireUser, type AppEnv } from "../http/session.js";
import { listNotifications, markAllNotificationsRead, markNotificationRead } from "../services/notifications/list-notifications.js";

/** The caller's notifications (the bell); every query is scoped to the session's user id. Mounted at /api/notifications. */
export function notificationRoutes({ auth, database }: AppDeps) {
  const signedIn = requireUser(auth, database.db);
  return new Hono<AppEnv>()
    .get("/", signedIn, async (c) => c.json(await listNotifications(database.db, c.get("user").id)))
    .post("/read-all", signedIn, async (c) => {
      await markAllNotificationsRead(database.db, c.get("user").id);
      return c.json({ ok: true });
    })
    .post("/:id/read", signedIn, async (c) => {
      await markNotificationRead(database.db, c.get("user").id, c.req.param("id"));
      return c.json({ ok: true });
    });
}

import type { AppDeps } from "../app.js";
import { notificationListDto } from "#shared/schemas/notifications.js";
import { okDto } from "#shared/schemas/public.js";
import { ApiRouter } from "../http/api-router.js";
import { requireUser } from "../http/session.js";
import { listNotifications, markAllNotificationsRead, markNotificationRead } from "../services/notifications/list-notifications.js";

/** The caller's notifications (the bell); every query is scoped to the session's user id. */
export function notificationRoutes({ auth, database }: AppDeps) {
  return new ApiRouter("/api/notifications")
    .use(requireUser(auth, database.db))
    .on({ method: "get", path: "/", summary: "The caller's notifications and unread count", auth: "user", response: notificationListDto }, async (c) =>
      c.json(await listNotifications(database.db, c.get("user").id)),
    )
    .on({ method: "post", path: "/read-all", summary: "Mark every notification read", auth: "user", response: okDto }, async (c) => {
      await markAllNotificationsRead(database.db, c.get("user").id);
      return c.json({ ok: true });
    })
    .on({ method: "post", path: "/:id/read", summary: "Mark one notification read", auth: "user", response: okDto }, async (c) => {
      await markNotificationRead(database.db, c.get("user").id, c.req.param("id"));
      return c.json({ ok: true });
    });
}

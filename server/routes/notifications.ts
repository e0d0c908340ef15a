import { notificationListDto, notificationQuerySchema } from "#shared/schemas/notifications.js";
import { okDto } from "#shared/schemas/public.js";
import type { AppDeps } from "../app-deps.js";
import { ApiRouter } from "../http/api-router.js";
import { listNotifications, markAllNotificationsRead, markNotificationRead } from "../services/notifications/list-notifications.js";

/** The caller's notifications (the bell); every query is scoped to the session's user id. */
export function notificationRoutes(deps: Pick<AppDeps, "auth" | "database" | "config">) {
  const { database } = deps;
  return new ApiRouter("/api/notifications", deps)
    .on(
      {
        method: "get",
        path: "/",
        summary: "One page of the caller's notifications, newest first, each with the link of what it is about; the total and unread counts",
        auth: "user",
        query: notificationQuerySchema,
        response: notificationListDto,
      },
      async (c, { query }) => c.json(await listNotifications(database.db, c.get("user").id, query)),
    )
    .on({ method: "post", path: "/read-all", summary: "Mark every notification read, on every page", auth: "user", response: okDto }, async (c) => {
      await markAllNotificationsRead(database.db, c.get("user").id);
      return c.json({ ok: true });
    })
    .on({ method: "post", path: "/:id/read", summary: "Mark one notification read", auth: "user", response: okDto }, async (c) => {
      await markNotificationRead(database.db, c.get("user").id, c.req.param("id"));
      return c.json({ ok: true });
    });
}

import type { AppDeps } from "../app.js";
import { notificationListDto, notificationQuerySchema } from "#shared/schemas/notifications.js";
import { okDto } from "#shared/schemas/public.js";
import { ApiRouter } from "../http/api-router.js";
import { readQuery } from "../http/json-body.js";
import { requireUser } from "../http/session.js";
import { listNotifications, markAllNotificationsRead, markNotificationRead } from "../services/notifications/list-notifications.js";

/** The caller's notifications (the bell); every query is scoped to the session's user id. */
export function notificationRoutes({ auth, database }: AppDeps) {
  return new ApiRouter("/api/notifications")
    .use(requireUser(auth, database.db))
    .on(
      {
        method: "get",
        path: "/",
        summary: "One page of the caller's notifications, newest first, each with the link of what it is about; the total and unread counts",
        auth: "user",
        query: notificationQuerySchema,
        response: notificationListDto,
      },
      async (c) => c.json(await listNotifications(database.db, c.get("user").id, readQuery(c, notificationQuerySchema))),
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

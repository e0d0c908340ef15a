import { adminMailDto, adminMailListDto, adminMailQuery } from "#shared/schemas/admin-mail.js";
import type { AppDeps } from "../app-deps.js";
import { ApiRouter } from "../http/api-router.js";
import { listMail } from "../services/mail/list-mail.js";
import { retryMail } from "../services/mail/retry-mail.js";

/** Stored e-mail for operators: what could not be delivered, and a retry (same guards as the back office). */
export function adminMailRoutes(deps: Pick<AppDeps, "auth" | "database" | "config" | "clock">) {
  const { database, clock } = deps;
  return new ApiRouter("/api/admin/mail", deps)
    .on(
      { method: "get", path: "/", summary: "Stored e-mail by status (dead by default), newest first", auth: "admin", query: adminMailQuery, response: adminMailListDto },
      async (c, { query }) => c.json(await listMail(database.replica, query)),
    )
    .on(
      // Not money, but the same once-only handling: a replay with its Idempotency-Key gets the first answer.
      { method: "post", path: "/:id/retry", summary: "Send a dead e-mail again (queued once, audited)", auth: "admin", response: adminMailDto, idempotent: true },
      (c) => async (tx) => ({ status: 200, body: await retryMail(tx, c.get("user").id, c.req.param("id"), clock.now()) }),
    );
}

import { adminMailDto, adminMailListDto, adminMailQuery } from "#shared/schemas/admin-mail.js";
import type { AppDeps } from "../app.js";
import { ApiRouter } from "../http/api-router.js";
import { respond, runMoneyOperation } from "../http/idempotency.js";
import { readQuery } from "../http/json-body.js";
import { requireAdmin, requireUser } from "../http/session.js";
import { listMail } from "../services/mail/list-mail.js";
import { retryMail } from "../services/mail/retry-mail.js";

/** Stored e-mail for operators: what could not be delivered, and a retry (same guards as the back office). */
export function adminMailRoutes({ auth, database, clock }: AppDeps) {
  return new ApiRouter("/api/admin/mail")
    .use(requireUser(auth, database.db), requireAdmin())
    .on(
      { method: "get", path: "/", summary: "Stored e-mail by status (dead by default), newest first", auth: "admin", query: adminMailQuery, response: adminMailListDto },
      async (c) => c.json(await listMail(database.db, readQuery(c, adminMailQuery))),
    )
    .on(
      { method: "post", path: "/:id/retry", summary: "Send a dead e-mail again (queued once, audited)", auth: "admin", response: adminMailDto, idempotent: true },
      async (c) => {
        // Not money, but the same once-only handling: a replay with its Idempotency-Key gets the first answer.
        const outcome = await runMoneyOperation(c, database.db, c.get("user").id, "", async (tx) => ({
          status: 200,
          body: await retryMail(tx, c.get("user").id, c.req.param("id"), clock.now()),
        }));
        return respond(c, outcome);
      },
    );
}

import { Hono } from "hono";
import { historyQuerySchema } from "#shared/schemas/ledger.js";
import type { AppDeps } from "../app.js";
import { AppError } from "../errors.js";
import { requireUser, type AppEnv } from "../http/session.js";
import { summarize } from "../services/ledger/balances.js";
import { consumeRateLimit } from "../services/rate-limit/consume-rate-limit.js";
import { transactionHistory, transactionHistoryCsv } from "../services/ledger/history.js";
import { listNotifications, markAllNotificationsRead, markNotificationRead } from "../services/notifications/list-notifications.js";

/**
 * The caller's own money and messages; every query is scoped to the session's user id. Mounted
 * under /api beside public routes, so the session check is per route, not a wildcard.
 */
export function meRoutes({ auth, database, config }: AppDeps) {
  const signedIn = requireUser(auth, database.db);
  return new Hono<AppEnv>()
    .get("/me/summary", signedIn, async (c) => c.json(await summarize(database.db, c.get("user").id)))
    .get("/transactions", signedIn, async (c) => {
      const query = historyQuerySchema.safeParse(c.req.query());
      if (!query.success) throw new AppError("VALIDATION_FAILED", query.error.issues[0]?.message ?? "Invalid query.");
      const userId = c.get("user").id;
      if (query.data.format === "csv") {
        // A statement reads the whole history: a few an hour is plenty for a person, and bounds the work.
        if (config.rateLimit) {
          const limit = await consumeRateLimit(database.db, { key: `csv:${userId}`, max: 10, windowSeconds: 10 * 60 });
          if (!limit.allowed) throw new AppError("RATE_LIMITED", "You downloaded your history several times just now. Please try again in a few minutes.", undefined, limit.retryAfterSeconds);
        }
        c.header("Content-Type", "text/csv; charset=utf-8");
        c.header("Content-Disposition", `attachment; filename="termvest-transactions.csv"`);
        c.header("Cache-Control", "no-store");
        return c.body(await transactionHistoryCsv(database.db, userId));
      }
      return c.json(await transactionHistory(database.db, userId, query.data.page ?? 1, query.data.pageSize ?? 20));
    })
    .get("/notifications", signedIn, async (c) => c.json(await listNotifications(database.db, c.get("user").id)))
    .post("/notifications/read-all", signedIn, async (c) => {
      await markAllNotificationsRead(database.db, c.get("user").id);
      return c.json({ ok: true });
    })
    .post("/notifications/:id/read", signedIn, async (c) => {
      await markNotificationRead(database.db, c.get("user").id, c.req.param("id"));
      return c.json({ ok: true });
    });
}

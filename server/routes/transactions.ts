import { HISTORY_LIMIT_DEFAULT, historyPageDto, historyQuerySchema } from "#shared/schemas/ledger.js";
import type { AppDeps } from "../app-deps.js";
import { AppError } from "../errors.js";
import { ApiRouter } from "../http/api-router.js";
import { csvResponse } from "../http/csv-response.js";
import { transactionHistory, transactionHistoryCsv } from "../services/ledger/history.js";
import { consumeRateLimit } from "../services/rate-limit/consume-rate-limit.js";

/** The caller's statement (docs/product.md, "History"): a page of JSON (after `cursor`) or the whole of it as CSV. */
export function transactionRoutes(deps: Pick<AppDeps, "auth" | "database" | "config">) {
  const { database, config } = deps;
  return new ApiRouter("/api/transactions", deps).on(
    {
      method: "get",
      path: "/",
      summary: "The caller's statement, one row per event, newest first (format=csv for a file)",
      auth: "user",
      query: historyQuerySchema,
      response: historyPageDto,
    },
    async (c, { query }) => {
      const userId = c.get("user").id;
      if (query.format === "csv") {
        // A statement reads the whole history: a few an hour is plenty for a person, and bounds the work.
        if (config.rateLimit) {
          const limit = await consumeRateLimit(database.db, { key: `csv:${userId}`, max: 10, windowSeconds: 10 * 60 });
          if (!limit.allowed) throw new AppError("RATE_LIMITED", "You downloaded your history several times just now. Please try again in a few minutes.", undefined, limit.retryAfterSeconds);
        }
        return csvResponse(c, "termvest-transactions.csv", await transactionHistoryCsv(database.db, userId));
      }
      // The first page shows what was just done, so it reads the primary; older pages may lag by seconds.
      const db = query.cursor ? database.replica : database.db;
      return c.json(await transactionHistory(db, userId, { cursor: query.cursor, limit: query.limit ?? HISTORY_LIMIT_DEFAULT }));
    },
  );
}

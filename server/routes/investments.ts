import { cursorQuery, listOf } from "#shared/schemas/paging.js";
import { unwrittenPageMessage } from "#shared/content.js";
import { createInvestmentSchema, investmentDto } from "#shared/schemas/investments.js";
import type { AppDeps } from "../app-deps.js";
import { AppError } from "../errors.js";
import { ApiRouter } from "../http/api-router.js";
import { createInvestment } from "../services/investments/create-investment.js";
import { listInvestments } from "../services/investments/list-investments.js";

/** The caller's investments: invest in a plan from the Main Balance, and list them with their progress. */
export function investmentRoutes(deps: Pick<AppDeps, "auth" | "database" | "config" | "clock" | "missingBeforeInvesting">) {
  const { database, config, clock, missingBeforeInvesting } = deps;
  return new ApiRouter("/api/investments", deps)
    .on(
      { method: "get", path: "/", summary: "The caller's investments with days left and profit so far, the latest first", auth: "user", query: cursorQuery, response: listOf(investmentDto) },
      async (c, { query }) => c.json(await listInvestments(database.db, c.get("user").id, clock.now(), { cursor: query.cursor, limit: query.limit ?? 100 })),
    )
    .on(
      {
        method: "post",
        path: "/",
        summary: "Invest in a plan from the available balance (in production, only once the operator published its terms, risk disclosure and how returns work)",
        auth: "user",
        body: createInvestmentSchema,
        response: investmentDto,
        status: 201,
        idempotent: true,
      },
      (c, { body }) => {
        // Nobody invests before they can read what they are promised and what they risk.
        const [unpublished] = config.isProduction ? missingBeforeInvesting : [];
        if (unpublished) throw new AppError("CONFLICT", unwrittenPageMessage(unpublished));
        return async (tx) => ({ status: 201, body: (await createInvestment(tx, c.get("user").id, body, clock.now())).investment });
      },
    );
}

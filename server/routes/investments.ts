import * as z from "zod/mini";
import { unwrittenPageMessage } from "#shared/content.js";
import { createInvestmentSchema, investmentDto } from "#shared/schemas/investments.js";
import type { AppDeps } from "../app.js";
import { AppError } from "../errors.js";
import { ApiRouter } from "../http/api-router.js";
import { runMoneyOperation, respond } from "../http/idempotency.js";
import { readJson } from "../http/json-body.js";
import { requireUser } from "../http/session.js";
import { createInvestment } from "../services/investments/create-investment.js";
import { listInvestments } from "../services/investments/list-investments.js";

/** The caller's investments: invest in a plan from the Main Balance, and list them with their progress. */
export function investmentRoutes({ auth, database, config, clock, missingBeforeInvesting }: AppDeps) {
  return new ApiRouter("/api/investments")
    .use(requireUser(auth, database.db))
    .on(
      { method: "get", path: "/", summary: "The caller's investments with days left and profit so far", auth: "user", response: z.object({ investments: z.array(investmentDto) }) },
      async (c) => c.json({ investments: await listInvestments(database.db, c.get("user").id, clock.now()) }),
    )
    .on(
      { method: "post", path: "/", summary: "Invest in a plan from the available balance (in production, only once the operator published its terms, risk disclosure and how returns work)", auth: "user", body: createInvestmentSchema, response: investmentDto, status: 201, idempotent: true },
      async (c) => {
        const { raw, value } = await readJson(c, createInvestmentSchema);
        // Nobody invests before they can read what they are promised and what they risk.
        const [unpublished] = config.isProduction ? missingBeforeInvesting : [];
        if (unpublished) throw new AppError("CONFLICT", unwrittenPageMessage(unpublished));
        const userId = c.get("user").id;
        const outcome = await runMoneyOperation(c, database.db, userId, raw, async (tx) => {
          const created = await createInvestment(tx, userId, value, clock.now());
          return { status: 201, body: created.investment };
        });
        return respond(c, outcome);
      },
    );
}

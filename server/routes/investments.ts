import { cursorQuery, listOf } from "#shared/schemas/paging.js";
import { unwrittenPageMessage } from "#shared/content.js";
import { createInvestmentSchema, earlyWithdrawalDto, earlyWithdrawalPreviewDto, investmentDto, updateInvestmentSchema } from "#shared/schemas/investments.js";
import type { AppDeps } from "../app-deps.js";
import { AppError } from "../errors.js";
import { ApiRouter } from "../http/api-router.js";
import { changeInstruction } from "../services/investments/change-instruction.js";
import { createInvestment } from "../services/investments/create-investment.js";
import { previewEarlyWithdrawal, withdrawEarly } from "../services/investments/early-withdrawal.js";
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
    )
    .on(
      {
        method: "patch",
        path: "/:id",
        summary: "Change what happens at maturity (pay out, roll over the principal, roll over both); 409 within 24 hours of maturity or once settled",
        auth: "user",
        body: updateInvestmentSchema,
        response: investmentDto,
      },
      async (c, { body }) => c.json(await database.db.transaction((tx) => changeInstruction(tx, c.get("user").id, c.req.param("id"), body, clock.now()))),
    )
    .on(
      {
        method: "get",
        path: "/:id/early-withdrawal",
        summary: "What withdrawing this investment now would pay: the principal less the plan's fee, no profit",
        auth: "user",
        response: earlyWithdrawalPreviewDto,
      },
      async (c) => c.json(await previewEarlyWithdrawal(database.db, c.get("user").id, c.req.param("id"), clock.now())),
    )
    .on(
      {
        method: "post",
        path: "/:id/early-withdrawal",
        summary: "Withdraw this investment before maturity: the principal less the fee to the Main Balance, in one journal; 409 once settled or due",
        auth: "user",
        response: earlyWithdrawalDto,
        idempotent: true,
      },
      (c) => async (tx) => ({ status: 200, body: await withdrawEarly(tx, c.get("user").id, c.req.param("id"), clock.now()) }),
    );
}

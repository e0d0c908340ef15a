import * as z from "zod/mini";
import { adminDepositDto, confirmDepositSchema, depositDto, rejectDepositSchema, type DepositStatus } from "#shared/schemas/deposits.js";
import { planInputSchema } from "#shared/schemas/investments.js";
import { adminPayoutDto, markPayoutPaidSchema, payoutDto, rejectPayoutSchema } from "#shared/schemas/payouts.js";
import { adminPlanDto } from "#shared/schemas/plans.js";
import type { AppDeps } from "../app.js";
import { ApiRouter } from "../http/api-router.js";
import { runMoneyOperation, respond } from "../http/idempotency.js";
import { readJson, readQuery } from "../http/json-body.js";
import { requireAdmin, requireUser } from "../http/session.js";
import { confirmDeposit, rejectDeposit } from "../services/deposits/decide-deposit.js";
import { listDepositsForReview } from "../services/deposits/list-deposits.js";
import { listPayoutsForReview, markPayoutPaid, rejectPayout } from "../services/payouts/decide-payout.js";
import { listActivePlans } from "../services/plans/list-active-plans.js";
import { listAllPlans, updatePlan } from "../services/plans/update-plan.js";
import { toPublicSite } from "../site.js";

const reviewQuery = z.object({
  status: z.optional(z.enum(["pending", "expired", "confirmed", "rejected"], "status must be pending, expired, confirmed or rejected.")),
});

/**
 * The operator back office API (queues and plans; users and the overview have their own routers):
 * every route needs a session, the admin role and a second factor, checked here.
 */
export function adminRoutes({ auth, database, config, clock, pages }: AppDeps) {
  return new ApiRouter("/api/admin")
    .use(requireUser(auth, database.db), requireAdmin())
    .on(
      { method: "get", path: "/deposits", summary: "Deposits to review, oldest first", auth: "admin", query: reviewQuery, response: z.object({ deposits: z.array(adminDepositDto) }) },
      async (c) => {
        const { status } = readQuery(c, reviewQuery);
        const statuses: DepositStatus[] = status ? [status] : ["pending", "expired"];
        return c.json({ deposits: await listDepositsForReview(database.db, statuses) });
      },
    )
    .on(
      { method: "post", path: "/deposits/:id/confirm", summary: "Confirm a deposit and credit it once", auth: "admin", body: confirmDepositSchema, response: depositDto, idempotent: true },
      async (c) => {
        const { raw, value } = await readJson(c, confirmDepositSchema);
        const outcome = await runMoneyOperation(c, database.db, c.get("user").id, raw, async (tx) => {
          const decision = await confirmDeposit(tx, config.deposits, c.get("user").id, c.req.param("id"), value, clock.now());
          return { status: 200, body: decision.deposit };
        });
        return respond(c, outcome);
      },
    )
    .on(
      { method: "get", path: "/payouts", summary: "Payouts waiting to be sent, oldest first", auth: "admin", response: z.object({ payouts: z.array(adminPayoutDto) }) },
      async (c) => c.json({ payouts: await listPayoutsForReview(database.db) }),
    )
    .on(
      { method: "post", path: "/payouts/:id/mark-paid", summary: "Record a payout as sent (hold → payouts)", auth: "admin", body: markPayoutPaidSchema, response: payoutDto, idempotent: true },
      async (c) => {
        const { raw, value } = await readJson(c, markPayoutPaidSchema);
        const outcome = await runMoneyOperation(c, database.db, c.get("user").id, raw, async (tx) => {
          const paid = await markPayoutPaid(tx, c.get("user").id, c.req.param("id"), value.txId, clock.now());
          return { status: 200, body: paid.payout };
        });
        return respond(c, outcome);
      },
    )
    .on(
      { method: "post", path: "/payouts/:id/reject", summary: "Refuse a payout (hold → available)", auth: "admin", body: rejectPayoutSchema, response: payoutDto, idempotent: true },
      async (c) => {
        const { raw, value } = await readJson(c, rejectPayoutSchema);
        const outcome = await runMoneyOperation(c, database.db, c.get("user").id, raw, async (tx) => {
          const rejected = await rejectPayout(tx, c.get("user").id, c.req.param("id"), value.reason, clock.now());
          return { status: 200, body: rejected.payout };
        });
        return respond(c, outcome);
      },
    )
    .on(
      { method: "get", path: "/plans", summary: "Every plan, active or not", auth: "admin", response: z.object({ plans: z.array(adminPlanDto) }) },
      async (c) => c.json({ plans: await listAllPlans(database.db) }),
    )
    .on(
      { method: "put", path: "/plans/:id", summary: "Edit a plan (new investments only)", auth: "admin", body: planInputSchema, response: adminPlanDto },
      async (c) => {
        const { value } = await readJson(c, planInputSchema);
        const updated = await database.db.transaction((tx) => updatePlan(tx, c.get("user").id, c.req.param("id"), value));
        // The public pages are pre-rendered with the plans; render them again with the new terms.
        pages?.refresh({ site: toPublicSite(config.site), plans: await listActivePlans(database.db) });
        return c.json(updated);
      },
    )
    .on(
      { method: "post", path: "/deposits/:id/reject", summary: "Reject a deposit with a reason", auth: "admin", body: rejectDepositSchema, response: depositDto, idempotent: true },
      async (c) => {
        const { raw, value } = await readJson(c, rejectDepositSchema);
        const outcome = await runMoneyOperation(c, database.db, c.get("user").id, raw, async (tx) => {
          const decision = await rejectDeposit(tx, c.get("user").id, c.req.param("id"), value.reason, clock.now());
          return { status: 200, body: decision.deposit };
        });
        return respond(c, outcome);
      },
    );
}

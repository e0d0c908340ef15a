import { Hono } from "hono";
import * as z from "zod/mini";
import { formatCents } from "#shared/money.js";
import { userSearchQuery } from "#shared/schemas/admin.js";
import { confirmDepositSchema, rejectDepositSchema, type DepositStatus } from "#shared/schemas/deposits.js";
import { planInputSchema } from "#shared/schemas/investments.js";
import { markPayoutPaidSchema, rejectPayoutSchema } from "#shared/schemas/payouts.js";
import type { AppDeps } from "../app.js";
import { runMoneyOperation, respond } from "../http/idempotency.js";
import { readJson, readQuery } from "../http/json-body.js";
import { requireAdmin, requireUser, type AppEnv } from "../http/session.js";
import { confirmDeposit, rejectDeposit } from "../services/deposits/decide-deposit.js";
import { listDepositsForReview } from "../services/deposits/list-deposits.js";
import { creditInterest } from "../services/investments/credit-interest.js";
import { listPayoutsForReview, markPayoutPaid, rejectPayout } from "../services/payouts/decide-payout.js";
import { listActivePlans } from "../services/plans/list-active-plans.js";
import { listAllPlans, updatePlan } from "../services/plans/update-plan.js";
import { searchUsers } from "../services/users/search-users.js";
import { toPublicSite } from "../site.js";

const reviewQuery = z.object({
  status: z.optional(z.enum(["pending", "expired", "confirmed", "rejected"], "status must be pending, expired, confirmed or rejected.")),
});

/** The operator back office API: every route needs a session, the admin role and a second factor, checked here. */
export function adminRoutes({ auth, database, config, clock, pages }: AppDeps) {
  return new Hono<AppEnv>()
    .use("*", requireUser(auth, database.db), requireAdmin())
    .get("/users", async (c) => {
      return c.json({ users: await searchUsers(database.db, readQuery(c, userSearchQuery).q) });
    })
    .get("/deposits", async (c) => {
      const { status } = readQuery(c, reviewQuery);
      const statuses: DepositStatus[] = status ? [status] : ["pending", "expired"];
      return c.json({ deposits: await listDepositsForReview(database.db, statuses) });
    })
    .post("/deposits/:id/confirm", async (c) => {
      const { raw, value } = await readJson(c, confirmDepositSchema);
      const outcome = await runMoneyOperation(c, database.db, c.get("user").id, raw, async (tx) => {
        const decision = await confirmDeposit(tx, config.deposits, c.get("user").id, c.req.param("id"), value, clock.now());
        return { status: 200, body: decision.deposit };
      });
      return respond(c, outcome);
    })
    .post("/users/:id/credit-interest", async (c) => {
      const adminId = c.get("user").id;
      const outcome = await runMoneyOperation(c, database.db, adminId, "", async (tx) => {
        const credited = await creditInterest(tx, adminId, c.req.param("id"), clock.now());
        const message =
          credited.settled === 0
            ? `No interest is due for ${c.req.param("id")} right now.`
            : `Successfully updated interest for ${c.req.param("id")}. Paid ${credited.settled} matured investment${credited.settled === 1 ? "" : "s"}, ${formatCents(credited.profitCents)} in profit.`;
        return { status: 200, body: { settled: credited.settled, profitCents: Number(credited.profitCents), message } };
      });
      return respond(c, outcome);
    })
    .get("/payouts", async (c) => c.json({ payouts: await listPayoutsForReview(database.db) }))
    .post("/payouts/:id/mark-paid", async (c) => {
      const { raw, value } = await readJson(c, markPayoutPaidSchema);
      const outcome = await runMoneyOperation(c, database.db, c.get("user").id, raw, async (tx) => {
        const paid = await markPayoutPaid(tx, c.get("user").id, c.req.param("id"), value.txId, clock.now());
        return { status: 200, body: paid.payout };
      });
      return respond(c, outcome);
    })
    .post("/payouts/:id/reject", async (c) => {
      const { raw, value } = await readJson(c, rejectPayoutSchema);
      const outcome = await runMoneyOperation(c, database.db, c.get("user").id, raw, async (tx) => {
        const rejected = await rejectPayout(tx, c.get("user").id, c.req.param("id"), value.reason, clock.now());
        return { status: 200, body: rejected.payout };
      });
      return respond(c, outcome);
    })
    .get("/plans", async (c) => c.json({ plans: await listAllPlans(database.db) }))
    .put("/plans/:id", async (c) => {
      const { value } = await readJson(c, planInputSchema);
      const updated = await database.db.transaction((tx) => updatePlan(tx, c.get("user").id, c.req.param("id"), value));
      // The public pages are pre-rendered with the plans; render them again with the new terms.
      pages?.refresh({ site: toPublicSite(config.site), plans: await listActivePlans(database.db) });
      return c.json(updated);
    })
    .post("/deposits/:id/reject", async (c) => {
      const { raw, value } = await readJson(c, rejectDepositSchema);
      const outcome = await runMoneyOperation(c, database.db, c.get("user").id, raw, async (tx) => {
        const decision = await rejectDeposit(tx, c.get("user").id, c.req.param("id"), value.reason, clock.now());
        return { status: 200, body: decision.deposit };
      });
      return respond(c, outcome);
    });
}

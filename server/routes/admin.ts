import { listOf, onePage } from "#shared/schemas/paging.js";
import { adminDepositList, adminDepositsQuery, confirmDepositSchema, depositDto, invoiceCreditOptionsDto, rejectDepositSchema } from "#shared/schemas/deposits.js";
import { planInputSchema } from "#shared/schemas/investments.js";
import { adminPayoutList, adminPayoutsQuery, markPayoutPaidSchema, payoutDto, rejectPayoutSchema } from "#shared/schemas/payouts.js";
import { pendingApprovalDto } from "#shared/schemas/approvals.js";
import { adminPlanDto } from "#shared/schemas/plans.js";
import type { AppDeps } from "../app-deps.js";
import { ApiRouter } from "../http/api-router.js";
import { listResponse } from "../http/csv-response.js";
import { currentBtcRate } from "../services/bitcoin/rates/btc-rate.js";
import { confirmDeposit, rejectDeposit } from "../services/deposits/decide-deposit.js";
import { readInvoiceCreditOptions } from "../services/deposits/invoice-credit-options.js";
import { DEPOSIT_CSV_COLUMNS, listDepositsForAdmin } from "../services/deposits/list-deposits.js";
import { approvePayout } from "../services/payouts/approve-payout.js";
import { askRate } from "../services/payouts/ask-rate.js";
import { markPayoutPaid, rejectPayout } from "../services/payouts/decide-payout.js";
import { listPayoutsForAdmin, PAYOUT_CSV_COLUMNS } from "../services/payouts/list-payouts.js";
import { toPayoutDto } from "../services/payouts/payout-dto.js";
import { listAllPlans, updatePlan } from "../services/plans/update-plan.js";
import { readBootstrap } from "../site.js";

/** The operator back office's queues and plans (users and the overview have their own routers). */
export function adminRoutes(deps: Pick<AppDeps, "auth" | "database" | "config" | "clock" | "pages" | "btcRate">) {
  const { database, config, clock, pages, btcRate } = deps;
  return new ApiRouter("/api/admin", deps)
    .on(
      {
        method: "get",
        path: "/deposits",
        summary: "Deposits of every status, filtered, sorted and paged (format=csv: every match as a file; min and max in dollars, from and to UTC days)",
        auth: "admin",
        query: adminDepositsQuery,
        response: adminDepositList,
      },
      async (c, { query }) => listResponse(c, query.format, await listDepositsForAdmin(database.replica, query), { fileName: "termvest-deposits.csv", columns: DEPOSIT_CSV_COLUMNS }),
    )
    .on(
      {
        method: "post",
        path: "/deposits/:id/confirm",
        summary: "Confirm a deposit and credit it once; more than was declared waits for a second admin (202)",
        auth: "admin",
        body: confirmDepositSchema,
        response: depositDto,
        pending: pendingApprovalDto,
        idempotent: true,
      },
      async (c, { body }) => {
        // The rate is asked before the transaction opens: no network wait holds the deposit's lock.
        const currentRate = body.rate === "current" ? await currentBtcRate(btcRate) : undefined;
        return async (tx) => {
          const decision = await confirmDeposit(tx, config.deposits, c.get("user").id, c.req.param("id"), { ...body, currentRateCentsPerBtc: currentRate?.toString() }, clock.now());
          return "deposit" in decision ? { status: 200, body: decision.deposit } : { status: 202, body: decision };
        };
      },
    )
    .on(
      {
        method: "get",
        path: "/deposits/:id/credit-options",
        summary: "An expired invoice: what crediting what arrived makes at the locked rate and, for a late payment, at the current rate",
        auth: "admin",
        response: invoiceCreditOptionsDto,
      },
      async (c) => c.json(await readInvoiceCreditOptions(database.db, c.req.param("id"), btcRate)),
    )
    .on(
      {
        method: "post",
        path: "/deposits/:id/reject",
        summary: "Reject a deposit with a reason the investor sees (an expired invoice becomes invalid); a refund sent outside is recorded by its transaction id",
        auth: "admin",
        body: rejectDepositSchema,
        response: depositDto,
        idempotent: true,
      },
      (c, { body }) => async (tx) => ({ status: 200, body: (await rejectDeposit(tx, c.get("user").id, c.req.param("id"), body, clock.now())).deposit }),
    )
    .on(
      {
        method: "get",
        path: "/payouts",
        summary:
          "Payouts of every status, filtered, sorted and paged (status=awaiting_approval: large ones waiting for a second admin; format=csv: every match as a file; min and max in dollars); in automatic crypto mode with each unfixed one's bitcoin at the current rate",
        auth: "admin",
        query: adminPayoutsQuery,
        response: adminPayoutList,
      },
      async (c, { query }) => {
        // The export carries fixed rates only, so it asks no exchange; without a rate the rows have no estimate.
        const rate = btcRate && query.format !== "csv" ? await askRate(btcRate) : undefined;
        const list = await listPayoutsForAdmin(database.replica, query, config.payouts.approvalCents, rate?.centsPerBtc);
        return listResponse(c, query.format, list, { fileName: "termvest-payouts.csv", columns: PAYOUT_CSV_COLUMNS });
      },
    )
    .on(
      {
        method: "post",
        path: "/payouts/:id/approve",
        summary:
          "Approve a payout at or above PAYOUT_APPROVAL_USD, as the second admin: whoever approves it cannot mark it paid. In automatic crypto mode approving any payout fixes its bitcoin rate, once",
        auth: "admin",
        response: payoutDto,
        idempotent: true,
      },
      async (c) => {
        // Automatic mode: the rate is asked for before the transaction; a refusal is thrown inside it, after the payout's own checks.
        const rate = btcRate ? await askRate(btcRate) : undefined;
        return async (tx) => ({ status: 200, body: toPayoutDto(await approvePayout(tx, c.get("user").id, c.req.param("id"), config.payouts.approvalCents, clock.now(), rate)) });
      },
    )
    .on(
      {
        method: "post",
        path: "/payouts/:id/mark-paid",
        summary: "Record a payout as sent (hold → payouts); a large one only after another admin approved it; in automatic crypto mode only once its rate is fixed",
        auth: "admin",
        body: markPayoutPaidSchema,
        response: payoutDto,
        idempotent: true,
      },
      (c, { body }) => async (tx) => ({
        status: 200,
        body: (await markPayoutPaid(tx, c.get("user").id, c.req.param("id"), body.txId, config.payouts.approvalCents, clock.now(), btcRate !== undefined)).payout,
      }),
    )
    .on(
      { method: "post", path: "/payouts/:id/reject", summary: "Refuse a payout (hold → available)", auth: "admin", body: rejectPayoutSchema, response: payoutDto, idempotent: true },
      (c, { body }) => async (tx) => ({ status: 200, body: (await rejectPayout(tx, c.get("user").id, c.req.param("id"), body.reason, clock.now())).payout }),
    )
    .on({ method: "get", path: "/plans", summary: "Every plan, active or not", auth: "admin", response: listOf(adminPlanDto) }, async (c) =>
      c.json(onePage(await listAllPlans(database.db))),
    )
    .on(
      {
        method: "put",
        path: "/plans/:id",
        summary: "Edit a plan (new investments only); a new rate or term waits for a second admin (202)",
        auth: "admin",
        body: planInputSchema,
        response: adminPlanDto,
        pending: pendingApprovalDto,
      },
      async (c, { body }) => {
        const updated = await database.db.transaction((tx) => updatePlan(tx, c.get("user").id, c.req.param("id"), body, clock.now()));
        if ("pendingApproval" in updated) return c.json(updated, 202);
        // The public pages are pre-rendered with the plans; render them again with the new terms.
        // Other servers' pages follow within PAGES_RECHECK_MS (server/http/pages-recheck.ts).
        await pages?.refresh(await readBootstrap(config.site, database.db));
        return c.json(updated.plan);
      },
    );
}

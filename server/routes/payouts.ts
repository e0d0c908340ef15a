import { cursorQuery, listOf } from "#shared/schemas/paging.js";
import { createPayoutSchema, payoutDto, payoutPreviewDto, payoutPreviewSchema, payoutQuoteDto, payoutQuoteQuery } from "#shared/schemas/payouts.js";
import type { AppDeps } from "../app-deps.js";
import { ApiRouter } from "../http/api-router.js";
import { cancelPayout } from "../services/payouts/cancel-payout.js";
import { listMyPayouts } from "../services/payouts/list-payouts.js";
import { quotePayout } from "../services/payouts/quote-payout.js";
import { checkPayout, requestPayout } from "../services/payouts/request-payout.js";

/** Withdrawals to the user's own bitcoin wallet: check, price in bitcoin, request (the amount is held at once), list, cancel. */
export function payoutRoutes(deps: Pick<AppDeps, "auth" | "database" | "config" | "clock" | "btcRate">) {
  const { database, config, clock, btcRate } = deps;
  return new ApiRouter("/api/payouts", deps)
    .on({ method: "get", path: "/", summary: "The caller's payouts, newest first", auth: "user", query: cursorQuery, response: listOf(payoutDto) }, async (c, { query }) =>
      c.json(await listMyPayouts(database.db, c.get("user").id, { cursor: query.cursor, limit: query.limit ?? 50 })),
    )
    .on(
      {
        method: "get",
        path: "/quote",
        summary: "A withdrawal's dollars in bitcoin at the current rate, as an estimate (the rate is fixed when an operator approves it); in manual mode { estimate: false } with the reason",
        auth: "user",
        query: payoutQuoteQuery,
        response: payoutQuoteDto,
      },
      async (c, { query }) => c.json(await quotePayout(btcRate, BigInt(query.amountCents))),
    )
    .on(
      {
        method: "post",
        path: "/preview",
        summary: "Review a payout before asking for it: refused as the request would be (the address on the caller's list, limits, balance, 24-hour total); moves nothing",
        auth: "user",
        verifiedEmail: true,
        verifiedIdentity: true,
        body: payoutPreviewSchema,
        response: payoutPreviewDto,
      },
      async (c, { body }) => {
        await checkPayout(database.db, config, c.get("user").id, { amount: BigInt(body.amountCents), walletAddress: body.walletAddress }, clock.now(), { lock: false });
        return c.json(body);
      },
    )
    .on(
      {
        method: "post",
        path: "/",
        summary: "Request a payout to a usable address of the caller's withdrawal list (else 403 ADDRESS_NOT_ALLOWED); the amount is held at once",
        auth: "user",
        verifiedEmail: true,
        verifiedIdentity: true,
        secondFactor: true,
        body: createPayoutSchema,
        response: payoutDto,
        status: 201,
        idempotent: true,
      },
      (c, { body }) => async (tx) => ({ status: 201, body: (await requestPayout(tx, config, c.get("user").id, body, clock.now())).payout }),
    )
    .on(
      { method: "post", path: "/:id/cancel", summary: "Cancel the caller's own pending payout (hold → available); 404 for anyone else's", auth: "user", response: payoutDto, idempotent: true },
      (c) => async (tx) => ({ status: 200, body: (await cancelPayout(tx, c.get("user"), c.req.param("id"), clock.now())).payout }),
    );
}

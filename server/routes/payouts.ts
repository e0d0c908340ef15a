import { desc, eq } from "drizzle-orm";
import * as z from "zod/mini";
import { createPayoutSchema, payoutDto, payoutPreviewDto, payoutPreviewSchema } from "#shared/schemas/payouts.js";
import type { AppDeps } from "../app-deps.js";
import { payout } from "../db/schema.js";
import { ApiRouter } from "../http/api-router.js";
import { cancelPayout } from "../services/payouts/cancel-payout.js";
import { toPayoutDto } from "../services/payouts/payout-dto.js";
import { checkPayout, requestPayout } from "../services/payouts/request-payout.js";

/** Withdrawals to the user's own bitcoin wallet: check, request (the amount is held at once), list, cancel. */
export function payoutRoutes(deps: Pick<AppDeps, "auth" | "database" | "config" | "clock">) {
  const { database, config, clock } = deps;
  return new ApiRouter("/api/payouts", deps)
    .on({ method: "get", path: "/", summary: "The caller's payouts", auth: "user", response: z.object({ payouts: z.array(payoutDto) }) }, async (c) => {
      const rows = await database.db.select().from(payout).where(eq(payout.userId, c.get("user").id)).orderBy(desc(payout.createdAt)).limit(50);
      return c.json({ payouts: rows.map(toPayoutDto) });
    })
    .on(
      {
        method: "post",
        path: "/preview",
        summary: "Review a payout before asking for it: refused as the request would be (limits, balance, 24-hour total); moves nothing",
        auth: "user",
        verifiedEmail: true,
        body: payoutPreviewSchema,
        response: payoutPreviewDto,
      },
      async (c, { body }) => {
        await checkPayout(database.db, config, c.get("user").id, BigInt(body.amountCents), clock.now(), { lock: false });
        return c.json(body);
      },
    )
    .on(
      {
        method: "post",
        path: "/",
        summary: "Request a payout to a bitcoin address; the amount is held at once",
        auth: "user",
        verifiedEmail: true,
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

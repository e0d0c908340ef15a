import { desc, eq } from "drizzle-orm";
import * as z from "zod/mini";
import { createPayoutSchema, payoutDto, payoutPreviewDto, payoutPreviewSchema } from "#shared/schemas/payouts.js";
import type { AppDeps } from "../app.js";
import { payout } from "../db/schema.js";
import { runMoneyOperation, respond } from "../http/idempotency.js";
import { readJson } from "../http/json-body.js";
import { ApiRouter } from "../http/api-router.js";
import { secondFactorOf } from "../http/second-factor.js";
import { requireUser, requireVerifiedEmail } from "../http/session.js";
import { cancelPayout } from "../services/payouts/cancel-payout.js";
import { toPayoutDto } from "../services/payouts/payout-dto.js";
import { checkPayout, requestPayout } from "../services/payouts/request-payout.js";

/** Withdrawals to the user's own bitcoin wallet: request (the amount is held at once), list, cancel. */
export function payoutRoutes({ auth, database, config, clock }: AppDeps) {
  const secondFactor = secondFactorOf(auth, config.publicUrl);
  return new ApiRouter("/api/payouts")
    .use(requireUser(auth, database.db))
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
        body: payoutPreviewSchema,
        response: payoutPreviewDto,
      },
      requireVerifiedEmail(),
      async (c) => {
        const { value } = await readJson(c, payoutPreviewSchema);
        await checkPayout(database.db, config, c.get("user").id, BigInt(value.amountCents), clock.now(), { lock: false });
        return c.json(value);
      },
    )
    .on(
      {
        method: "post",
        path: "/",
        summary: "Request a payout to a bitcoin address; the amount is held at once",
        auth: "user",
        body: createPayoutSchema,
        response: payoutDto,
        status: 201,
        idempotent: true,
      },
      requireVerifiedEmail(),
      async (c) => {
        const { raw, value } = await readJson(c, createPayoutSchema);
        const user = c.get("user");
        const outcome = await runMoneyOperation(
          c,
          database.db,
          user.id,
          raw,
          async (tx) => ({ status: 201, body: (await requestPayout(tx, config, user.id, value, clock.now())).payout }),
          await secondFactor(user, value.twoFactorCode),
        );
        return respond(c, outcome);
      },
    )
    .on(
      { method: "post", path: "/:id/cancel", summary: "Cancel the caller's own pending payout (hold → available); 404 for anyone else's", auth: "user", response: payoutDto, idempotent: true },
      async (c) => {
        const outcome = await runMoneyOperation(c, database.db, c.get("user").id, "", async (tx) => {
          const cancelled = await cancelPayout(tx, c.get("user"), c.req.param("id"), clock.now());
          return { status: 200, body: cancelled.payout };
        });
        return respond(c, outcome);
      },
    );
}

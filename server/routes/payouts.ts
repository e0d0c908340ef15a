import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { createMoneyRequestSchema, createPayoutSchema, createTransferSchema } from "#shared/schemas/payouts.js";
import type { AppDeps } from "../app.js";
import { payout } from "../db/schema.js";
import { runMoneyOperation, respond } from "../http/idempotency.js";
import { readJson } from "../http/json-body.js";
import { requireUser, requireVerifiedEmail, type AppEnv } from "../http/session.js";
import { cancelPayout } from "../services/payouts/cancel-payout.js";
import { toPayoutDto } from "../services/payouts/payout-dto.js";
import { requestPayout } from "../services/payouts/request-payout.js";
import { assertPayoutCodeAttemptsLeft, claimPayoutCode, InvalidPayoutCode, recordPayoutCodeFailure } from "../services/two-factor/payout-code.js";
import { createMoneyRequest, declineMoneyRequest, listMoneyRequests, payMoneyRequest } from "../services/transfers/money-requests.js";
import { findRecipient } from "../services/transfers/find-recipient.js";
import { sendTransfer } from "../services/transfers/send-transfer.js";

/** Money out and between users: payouts, transfers and money requests. Mounted at /api. */
export function moneyOutRoutes({ auth, database, config, clock }: AppDeps) {
  const signedIn = requireUser(auth, database.db);
  const verified = requireVerifiedEmail();

  return new Hono<AppEnv>()
    .get("/payouts", signedIn, async (c) => {
      const rows = await database.db.select().from(payout).where(eq(payout.userId, c.get("user").id)).orderBy(desc(payout.createdAt)).limit(50);
      return c.json({ payouts: rows.map(toPayoutDto) });
    })
    .post("/payouts", signedIn, verified, async (c) => {
      const { raw, value } = await readJson(c, createPayoutSchema);
      const user = c.get("user");
      // With two-factor on, money leaves only with a current code, used up in the payout's transaction.
      if (user.twoFactorEnabled) await assertPayoutCodeAttemptsLeft(database.db, user.id);
      const key = user.twoFactorEnabled ? (await auth.$context).secretConfig : undefined;
      try {
        const outcome = await runMoneyOperation(c, database.db, user.id, raw, async (tx) => {
          // The authenticator app counts real time, never the test clock.
          if (key) await claimPayoutCode(tx, key, user.id, value.twoFactorCode, new Date());
          const made = await requestPayout(tx, config, user.id, value, clock.now());
          return { status: 201, body: made.payout };
        });
        return respond(c, outcome);
      } catch (error) {
        if (error instanceof InvalidPayoutCode) await recordPayoutCodeFailure(database.db, user.id);
        throw error;
      }
    })
    .post("/payouts/:id/cancel", signedIn, async (c) => {
      const outcome = await runMoneyOperation(c, database.db, c.get("user").id, "", async (tx) => {
        const cancelled = await cancelPayout(tx, c.get("user"), c.req.param("id"), clock.now());
        return { status: 200, body: cancelled.payout };
      });
      return respond(c, outcome);
    })
    .post("/transfers", signedIn, verified, async (c) => {
      const { raw, value } = await readJson(c, createTransferSchema);
      const recipient = await findRecipient(database.db, c.get("user"), value.toEmail, { field: "toEmail", rateLimit: config.rateLimit });
      const outcome = await runMoneyOperation(c, database.db, c.get("user").id, raw, async (tx) => {
        const sent = await sendTransfer(tx, c.get("user"), recipient, BigInt(value.amountCents), value.note, clock.now());
        return { status: 201, body: sent.transfer };
      });
      return respond(c, outcome);
    })
    .get("/money-requests", signedIn, async (c) => c.json({ requests: await listMoneyRequests(database.db, c.get("user").id) }))
    .post("/money-requests", signedIn, verified, async (c) => {
      const { raw, value } = await readJson(c, createMoneyRequestSchema);
      const payer = await findRecipient(database.db, c.get("user"), value.fromEmail, { field: "fromEmail", rateLimit: config.rateLimit });
      const outcome = await runMoneyOperation(c, database.db, c.get("user").id, raw, async (tx) => {
        const made = await createMoneyRequest(tx, c.get("user"), payer, value, clock.now());
        return { status: 201, body: made.request };
      });
      return respond(c, outcome);
    })
    .post("/money-requests/:id/pay", signedIn, verified, async (c) => {
      const outcome = await runMoneyOperation(c, database.db, c.get("user").id, "", async (tx) => {
        const paid = await payMoneyRequest(tx, c.get("user"), c.req.param("id"), clock.now());
        return { status: 200, body: paid.request };
      });
      return respond(c, outcome);
    })
    .post("/money-requests/:id/decline", signedIn, async (c) => {
      const outcome = await runMoneyOperation(c, database.db, c.get("user").id, "", async (tx) => {
        const declined = await declineMoneyRequest(tx, c.get("user"), c.req.param("id"), clock.now());
        return { status: 200, body: declined.request };
      });
      return respond(c, outcome);
    });
}

import { Hono } from "hono";
import { createTransferSchema } from "#shared/schemas/payouts.js";
import type { AppDeps } from "../app.js";
import { runMoneyOperation, respond } from "../http/idempotency.js";
import { readJson } from "../http/json-body.js";
import { requireUser, requireVerifiedEmail, type AppEnv } from "../http/session.js";
import { findRecipient } from "../services/transfers/find-recipient.js";
import { sendTransfer } from "../services/transfers/send-transfer.js";

/** Money sent at once to another Termvest user, by e-mail. Mounted at /api/transfers. */
export function transferRoutes({ auth, database, config, clock }: AppDeps) {
  return new Hono<AppEnv>()
    .post("/", requireUser(auth, database.db), requireVerifiedEmail(), async (c) => {
      const { raw, value } = await readJson(c, createTransferSchema);
      const recipient = await findRecipient(database.db, c.get("user"), value.toEmail, { field: "toEmail", rateLimit: config.rateLimit });
      const outcome = await runMoneyOperation(c, database.db, c.get("user").id, raw, async (tx) => {
        const sent = await sendTransfer(tx, c.get("user"), recipient, BigInt(value.amountCents), value.note, clock.now());
        return { status: 201, body: sent.transfer };
      });
      return respond(c, outcome);
    });
}

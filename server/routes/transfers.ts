import { createTransferSchema, transferDto } from "#shared/schemas/payouts.js";
import type { AppDeps } from "../app.js";
import { runMoneyOperation, respond } from "../http/idempotency.js";
import { readJson } from "../http/json-body.js";
import { ApiRouter } from "../http/api-router.js";
import { requireUser, requireVerifiedEmail } from "../http/session.js";
import { findRecipient } from "../services/transfers/find-recipient.js";
import { prepareTransfer } from "../services/transfers/send-transfer.js";

/** Money sent at once to another Termvest user, by e-mail. */
export function transferRoutes({ auth, database, config, clock }: AppDeps) {
  return new ApiRouter("/api/transfers").on(
    { method: "post", path: "/", summary: "Send money to another user by e-mail", auth: "user", body: createTransferSchema, response: transferDto, status: 201, idempotent: true },
    requireUser(auth, database.db),
    requireVerifiedEmail(),
    async (c) => {
      const { raw, value } = await readJson(c, createTransferSchema);
      const recipient = await findRecipient(database.db, c.get("user"), value.toEmail, { field: "toEmail", rateLimit: config.rateLimit });
      const outcome = await runMoneyOperation(c, database.db, c.get("user").id, raw, async (tx) => {
        const sent = await prepareTransfer(tx, c.get("user"), recipient, BigInt(value.amountCents), value.note, clock.now());
        return { status: 201, body: sent.transfer, lockingStep: sent.postJournal };
      });
      return respond(c, outcome);
    },
  );
}

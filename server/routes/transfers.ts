import { createTransferSchema, transferDto } from "#shared/schemas/payouts.js";
import { transferPreviewDto, transferPreviewSchema } from "#shared/schemas/transfers.js";
import type { AppDeps } from "../app.js";
import { respond, runClaimedStatement } from "../http/idempotency.js";
import { readJson } from "../http/json-body.js";
import { ApiRouter } from "../http/api-router.js";
import { StatementBatcher } from "../db/statement-batcher.js";
import { requireUser, requireVerifiedEmail } from "../http/session.js";
import { findRecipient } from "../services/transfers/find-recipient.js";
import { previewTransfer } from "../services/transfers/preview-transfer.js";
import { sendTransfers, type SentTransfer, type TransferOrder } from "../services/transfers/send-transfer.js";

/**
 * At most this many transfers share a statement: enough that a burst from 50 connections needs two
 * or three commits, few enough that one statement stays a few milliseconds (decision 0038).
 */
const TRANSFERS_PER_STATEMENT = 32;

/** Money sent at once to another Termvest user, by e-mail, and the review shown before it. */
export function transferRoutes({ auth, database, config, clock }: AppDeps) {
  // This server's transfers share statements and commits under load (decision 0038).
  const transfers = new StatementBatcher<TransferOrder, SentTransfer | undefined>((orders) => sendTransfers(database.db, orders), TRANSFERS_PER_STATEMENT);
  return new ApiRouter("/api/transfers")
    .use(requireUser(auth, database.db), requireVerifiedEmail())
    .on(
      {
        method: "post",
        path: "/preview",
        summary: "Review a transfer before sending it: the recipient's name and whether the balance covers it; moves nothing",
        auth: "user",
        body: transferPreviewSchema,
        response: transferPreviewDto,
      },
      async (c) => {
        const { value } = await readJson(c, transferPreviewSchema);
        return c.json(await previewTransfer(database.db, c.get("user"), value, { rateLimit: config.rateLimit }));
      },
    )
    .on(
      { method: "post", path: "/", summary: "Send money to another user by e-mail", auth: "user", body: createTransferSchema, response: transferDto, status: 201, idempotent: true },
      async (c) => {
        const { raw, value } = await readJson(c, createTransferSchema);
        const recipient = await findRecipient(database.db, c.get("user"), value.toEmail, { field: "toEmail", rateLimit: config.rateLimit });
        const outcome = await runClaimedStatement(c, database.db, c.get("user").id, raw, async (_db, claim) => {
          const sent = await transfers.send({ sender: c.get("user"), recipient, amountCents: BigInt(value.amountCents), note: value.note, now: clock.now(), claim });
          return sent && { status: 201, body: sent.transfer };
        });
        return respond(c, outcome);
      },
    );
}

import { createTransferSchema, transferDto } from "#shared/schemas/payouts.js";
import { transferPreviewDto, transferPreviewSchema } from "#shared/schemas/transfers.js";
import type { AppDeps } from "../app.js";
import { respond, runMoneyOperation } from "../http/idempotency.js";
import { readJson } from "../http/json-body.js";
import { ApiRouter } from "../http/api-router.js";
import { secondFactorOf } from "../http/second-factor.js";
import { requireUser, requireVerifiedEmail } from "../http/session.js";
import { findRecipient } from "../services/transfers/find-recipient.js";
import { previewTransfer } from "../services/transfers/preview-transfer.js";
import { sendTransfer } from "../services/transfers/send-transfer.js";

/** Money sent at once to another Termvest user, by e-mail, and the review shown before it. */
export function transferRoutes({ auth, database, config, clock }: AppDeps) {
  const secondFactor = secondFactorOf(auth, config.publicUrl);
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
        const sender = c.get("user");
        const recipient = await findRecipient(database.db, sender, value.toEmail, { field: "toEmail", rateLimit: config.rateLimit });
        const outcome = await runMoneyOperation(
          c,
          database.db,
          sender.id,
          raw,
          async (tx) => {
            const sent = await sendTransfer(tx, { sender, recipient, amountCents: BigInt(value.amountCents), note: value.note, now: clock.now() });
            return { status: 201, body: sent.transfer };
          },
          await secondFactor(sender, value.twoFactorCode),
        );
        return respond(c, outcome);
      },
    );
}

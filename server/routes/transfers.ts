import { createTransferSchema, transferDto, transferPreviewDto, transferPreviewSchema } from "#shared/schemas/transfers.js";
import type { AppDeps } from "../app-deps.js";
import { ApiRouter } from "../http/api-router.js";
import { findRecipient } from "../services/transfers/find-recipient.js";
import { previewTransfer } from "../services/transfers/preview-transfer.js";
import { sendTransfer } from "../services/transfers/send-transfer.js";

/** Money sent at once to another Termvest user, by e-mail, and the review shown before it. */
export function transferRoutes(deps: Pick<AppDeps, "auth" | "database" | "config" | "clock">) {
  const { database, config, clock } = deps;
  return new ApiRouter("/api/transfers", deps)
    .on(
      {
        method: "post",
        path: "/preview",
        summary: "Review a transfer before sending it: the recipient's name and whether the balance covers it; moves nothing",
        auth: "user",
        verifiedEmail: true,
        verifiedIdentity: true,
        body: transferPreviewSchema,
        response: transferPreviewDto,
      },
      async (c, { body }) => c.json(await previewTransfer(database.db, c.get("user"), body, { rateLimit: config.rateLimit })),
    )
    .on(
      {
        method: "post",
        path: "/",
        summary: "Send money to another user by e-mail",
        auth: "user",
        verifiedEmail: true,
        verifiedIdentity: true,
        secondFactor: true,
        body: createTransferSchema,
        response: transferDto,
        status: 201,
        idempotent: true,
      },
      async (c, { body }) => {
        const sender = c.get("user");
        // Before the transaction: a miss is counted against the caller, and the refusal would roll that count back.
        const recipient = await findRecipient(database.db, sender, body.toEmail, { field: "toEmail", rateLimit: config.rateLimit });
        return async (tx) => {
          const sent = await sendTransfer(tx, { sender, recipient, amountCents: BigInt(body.amountCents), note: body.note, now: clock.now() });
          return { status: 201, body: sent.transfer };
        };
      },
    );
}

import * as z from "zod/mini";
import { createMoneyRequestSchema, moneyRequestDto, payMoneyRequestSchema } from "#shared/schemas/payouts.js";
import type { AppDeps } from "../app.js";
import { runMoneyOperation, respond } from "../http/idempotency.js";
import { readJson } from "../http/json-body.js";
import { ApiRouter } from "../http/api-router.js";
import { secondFactorOf } from "../http/second-factor.js";
import { requireUser, requireVerifiedEmail } from "../http/session.js";
import { createMoneyRequest, declineMoneyRequest, listMoneyRequests, payMoneyRequest } from "../services/transfers/money-requests.js";
import { findRecipient } from "../services/transfers/find-recipient.js";

/** One user asks another for money; the person asked pays (a transfer) or declines, once. */
export function moneyRequestRoutes({ auth, database, config, clock }: AppDeps) {
  const verified = requireVerifiedEmail();
  const secondFactor = secondFactorOf(auth, config.publicUrl);

  return new ApiRouter("/api/money-requests")
    .use(requireUser(auth, database.db))
    .on({ method: "get", path: "/", summary: "Requests the caller made or was asked to pay", auth: "user", response: z.object({ requests: z.array(moneyRequestDto) }) }, async (c) =>
      c.json({ requests: await listMoneyRequests(database.db, c.get("user").id) }),
    )
    .on(
      { method: "post", path: "/", summary: "Ask another user for money", auth: "user", body: createMoneyRequestSchema, response: moneyRequestDto, status: 201, idempotent: true },
      verified,
      async (c) => {
        const { raw, value } = await readJson(c, createMoneyRequestSchema);
        const payer = await findRecipient(database.db, c.get("user"), value.fromEmail, { field: "fromEmail", rateLimit: config.rateLimit });
        const outcome = await runMoneyOperation(c, database.db, c.get("user").id, raw, async (tx) => {
          const made = await createMoneyRequest(tx, c.get("user"), payer, value, clock.now());
          return { status: 201, body: made.request };
        });
        return respond(c, outcome);
      },
    )
    .on(
      {
        method: "post",
        path: "/:id/pay",
        summary: "Pay a request made to the caller (an internal transfer); with two-factor on, with a current code",
        auth: "user",
        body: payMoneyRequestSchema,
        response: moneyRequestDto,
        idempotent: true,
      },
      verified,
      async (c) => {
        const { raw, value } = await readJson(c, payMoneyRequestSchema);
        const payer = c.get("user");
        const outcome = await runMoneyOperation(
          c,
          database.db,
          payer.id,
          raw,
          async (tx) => ({ status: 200, body: (await payMoneyRequest(tx, payer, c.req.param("id"), clock.now())).request }),
          await secondFactor(payer, value.twoFactorCode),
        );
        return respond(c, outcome);
      },
    )
    .on(
      { method: "post", path: "/:id/decline", summary: "Decline a request made to the caller", auth: "user", response: moneyRequestDto, idempotent: true },
      async (c) => {
        const outcome = await runMoneyOperation(c, database.db, c.get("user").id, "", async (tx) => {
          const declined = await declineMoneyRequest(tx, c.get("user"), c.req.param("id"), clock.now());
          return { status: 200, body: declined.request };
        });
        return respond(c, outcome);
      },
    );
}

import { cursorQuery, listOf } from "#shared/schemas/paging.js";
import { createMoneyRequestSchema, moneyRequestDto, payMoneyRequestSchema } from "#shared/schemas/money-requests.js";
import type { AppDeps } from "../app-deps.js";
import { ApiRouter } from "../http/api-router.js";
import { createMoneyRequest, declineMoneyRequest, listMoneyRequests, payMoneyRequest } from "../services/transfers/money-requests.js";
import { findRecipient } from "../services/transfers/find-recipient.js";

/** One user asks another for money; the person asked pays (a transfer) or declines, once. */
export function moneyRequestRoutes(deps: Pick<AppDeps, "auth" | "database" | "config" | "clock">) {
  const { database, config, clock } = deps;
  return new ApiRouter("/api/money-requests", deps)
    .on({ method: "get", path: "/", summary: "Requests the caller made or was asked to pay, newest first", auth: "user", query: cursorQuery, response: listOf(moneyRequestDto) }, async (c, { query }) =>
      c.json(await listMoneyRequests(database.db, c.get("user").id, { cursor: query.cursor, limit: query.limit ?? 50 })),
    )
    .on(
      {
        method: "post",
        path: "/",
        summary: "Ask another user for money",
        auth: "user",
        verifiedEmail: true,
        body: createMoneyRequestSchema,
        response: moneyRequestDto,
        status: 201,
        idempotent: true,
      },
      async (c, { body }) => {
        // Before the transaction: a miss is counted against the caller, and the refusal would roll that count back.
        const payer = await findRecipient(database.db, c.get("user"), body.fromEmail, { field: "fromEmail", rateLimit: config.rateLimit });
        return async (tx) => ({ status: 201, body: (await createMoneyRequest(tx, c.get("user"), payer, body, clock.now())).request });
      },
    )
    .on(
      {
        method: "post",
        path: "/:id/pay",
        summary: "Pay a request made to the caller (an internal transfer); with two-factor on, with a current code",
        auth: "user",
        verifiedEmail: true,
        verifiedIdentity: true,
        secondFactor: true,
        body: payMoneyRequestSchema,
        response: moneyRequestDto,
        idempotent: true,
      },
      (c) => async (tx) => ({ status: 200, body: (await payMoneyRequest(tx, c.get("user"), c.req.param("id"), clock.now())).request }),
    )
    .on(
      { method: "post", path: "/:id/decline", summary: "Decline a request made to the caller", auth: "user", response: moneyRequestDto, idempotent: true },
      (c) => async (tx) => ({ status: 200, body: (await declineMoneyRequest(tx, c.get("user"), c.req.param("id"), clock.now())).request }),
    );
}

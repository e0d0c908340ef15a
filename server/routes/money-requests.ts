import { Hono } from "hono";
import { createMoneyRequestSchema } from "#shared/schemas/payouts.js";
import type { AppDeps } from "../app.js";
import { runMoneyOperation, respond } from "../http/idempotency.js";
import { readJson } from "../http/json-body.js";
import { requireUser, requireVerifiedEmail, type AppEnv } from "../http/session.js";
import { createMoneyRequest, declineMoneyRequest, listMoneyRequests, payMoneyRequest } from "../services/transfers/money-requests.js";
import { findRecipient } from "../services/transfers/find-recipient.js";

/** One user asks another for money; the person asked pays (a transfer) or declines, once. Mounted at /api/money-requests. */
export function moneyRequestRoutes({ auth, database, config, clock }: AppDeps) {
  const signedIn = requireUser(auth, database.db);
  const verified = requireVerifiedEmail();

  return new Hono<AppEnv>()
    .get("/", signedIn, async (c) => c.json({ requests: await listMoneyRequests(database.db, c.get("user").id) }))
    .post("/", signedIn, verified, async (c) => {
      const { raw, value } = await readJson(c, createMoneyRequestSchema);
      const payer = await findRecipient(database.db, c.get("user"), value.fromEmail, { field: "fromEmail", rateLimit: config.rateLimit });
      const outcome = await runMoneyOperation(c, database.db, c.get("user").id, raw, async (tx) => {
        const made = await createMoneyRequest(tx, c.get("user"), payer, value, clock.now());
        return { status: 201, body: made.request };
      });
      return respond(c, outcome);
    })
    .post("/:id/pay", signedIn, verified, async (c) => {
      const outcome = await runMoneyOperation(c, database.db, c.get("user").id, "", async (tx) => {
        const paid = await payMoneyRequest(tx, c.get("user"), c.req.param("id"), clock.now());
        return { status: 200, body: paid.request };
      });
      return respond(c, outcome);
    })
    .post("/:id/decline", signedIn, async (c) => {
      const outcome = await runMoneyOperation(c, database.db, c.get("user").id, "", async (tx) => {
        const declined = await declineMoneyRequest(tx, c.get("user"), c.req.param("id"), clock.now());
        return { status: 200, body: declined.request };
      });
      return respond(c, outcome);
    });
}

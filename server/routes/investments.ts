import { Hono } from "hono";
import { createInvestmentSchema } from "#shared/schemas/investments.js";
import type { AppDeps } from "../app.js";
import { runMoneyOperation, respond } from "../http/idempotency.js";
import { readJson } from "../http/json-body.js";
import { requireUser, type AppEnv } from "../http/session.js";
import { createInvestment } from "../services/investments/create-investment.js";
import { listInvestments } from "../services/investments/list-investments.js";

export function investmentRoutes({ auth, database, clock }: AppDeps) {
  return new Hono<AppEnv>()
    .use("*", requireUser(auth, database.db))
    .get("/", async (c) => c.json({ investments: await listInvestments(database.db, c.get("user").id, clock.now()) }))
    .post("/", async (c) => {
      const { raw, value } = await readJson(c, createInvestmentSchema);
      const userId = c.get("user").id;
      const outcome = await runMoneyOperation(c, database.db, userId, raw, async (tx) => {
        const created = await createInvestment(tx, userId, value, clock.now());
        return { status: 201, body: created.investment };
      });
      return respond(c, outcome);
    });
}

import { Hono } from "hono";
import { createInvestmentSchema } from "../../shared/schemas/investments.js";
import type { AppDeps } from "../app.js";
import { runMoneyOperation, respond } from "../http/idempotency.js";
import { readJson } from "../http/json-body.js";
import { requireUser, type AppEnv } from "../http/session.js";
import { createInvestment } from "../services/investments/create-investment.js";
import { listInvestments } from "../services/investments/list-investments.js";
import { mailNotifications, type NotificationInput } from "../services/notifications/notify.js";

export function investmentRoutes({ auth, database, clock, mailer, logger, config }: AppDeps) {
  const mailDeps = { mailer, logger, siteName: config.site.name, publicUrl: config.publicUrl };
  return new Hono<AppEnv>()
    .use("*", requireUser(auth))
    .get("/", async (c) => c.json({ investments: await listInvestments(database.db, c.get("user").id, clock.now()) }))
    .post("/", async (c) => {
      const { raw, value } = await readJson(c, createInvestmentSchema);
      const userId = c.get("user").id;
      let notification: NotificationInput | undefined;
      const outcome = await runMoneyOperation(c, database.db, userId, raw, async (tx) => {
        const created = await createInvestment(tx, userId, value, clock.now());
        notification = created.notification;
        return { status: 201, body: created.investment };
      });
      if (notification) void mailNotifications(database.db, mailDeps, [notification]);
      return respond(c, outcome);
    });
}

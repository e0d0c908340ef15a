import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { createMoneyRequestSchema, createPayoutSchema, createTransferSchema } from "../../shared/schemas/payouts.js";
import type { AppDeps } from "../app.js";
import { payout } from "../db/schema.js";
import { runMoneyOperation, respond } from "../http/idempotency.js";
import { readJson } from "../http/json-body.js";
import { requireUser, type AppEnv } from "../http/session.js";
import { mailNotifications, type NotificationInput } from "../services/notifications/notify.js";
import { cancelPayout } from "../services/payouts/cancel-payout.js";
import { toPayoutDto } from "../services/payouts/payout-dto.js";
import { requestPayout } from "../services/payouts/request-payout.js";
import { createMoneyRequest, declineMoneyRequest, listMoneyRequests, payMoneyRequest } from "../services/transfers/money-requests.js";
import { findRecipient } from "../services/transfers/find-recipient.js";
import { sendTransfer } from "../services/transfers/send-transfer.js";

/** Money out and between users: payouts, transfers and money requests. Mounted at /api. */
export function moneyOutRoutes({ auth, database, config, clock, mailer, logger }: AppDeps) {
  const signedIn = requireUser(auth);
  const mailDeps = { mailer, logger, siteName: config.site.name, publicUrl: config.publicUrl };
  const mail = (notifications: NotificationInput[]) => void mailNotifications(database.db, mailDeps, notifications);

  return new Hono<AppEnv>()
    .get("/payouts", signedIn, async (c) => {
      const rows = await database.db.select().from(payout).where(eq(payout.userId, c.get("user").id)).orderBy(desc(payout.createdAt)).limit(50);
      return c.json({ payouts: rows.map(toPayoutDto) });
    })
    .post("/payouts", signedIn, async (c) => {
      const { raw, value } = await readJson(c, createPayoutSchema);
      const notifications: NotificationInput[] = [];
      const outcome = await runMoneyOperation(c, database.db, c.get("user").id, raw, async (tx) => {
        const made = await requestPayout(tx, config, c.get("user").id, value, clock.now());
        notifications.push(made.notification);
        return { status: 201, body: made.payout };
      });
      mail(notifications);
      return respond(c, outcome);
    })
    .post("/payouts/:id/cancel", signedIn, async (c) => {
      const notifications: NotificationInput[] = [];
      const outcome = await runMoneyOperation(c, database.db, c.get("user").id, "", async (tx) => {
        const cancelled = await cancelPayout(tx, c.get("user"), c.req.param("id"), clock.now());
        notifications.push(cancelled.notification);
        return { status: 200, body: cancelled.payout };
      });
      mail(notifications);
      return respond(c, outcome);
    })
    .post("/transfers", signedIn, async (c) => {
      const { raw, value } = await readJson(c, createTransferSchema);
      const recipient = await findRecipient(database.db, c.get("user"), value.toEmail, { field: "toEmail", rateLimit: config.rateLimit });
      const notifications: NotificationInput[] = [];
      const outcome = await runMoneyOperation(c, database.db, c.get("user").id, raw, async (tx) => {
        const sent = await sendTransfer(tx, c.get("user"), recipient, BigInt(value.amountCents), value.note, clock.now());
        notifications.push(...sent.notifications);
        return { status: 201, body: sent.transfer };
      });
      mail(notifications);
      return respond(c, outcome);
    })
    .get("/money-requests", signedIn, async (c) => c.json({ requests: await listMoneyRequests(database.db, c.get("user").id) }))
    .post("/money-requests", signedIn, async (c) => {
      const { raw, value } = await readJson(c, createMoneyRequestSchema);
      const payer = await findRecipient(database.db, c.get("user"), value.fromEmail, { field: "fromEmail", rateLimit: config.rateLimit });
      const notifications: NotificationInput[] = [];
      const outcome = await runMoneyOperation(c, database.db, c.get("user").id, raw, async (tx) => {
        const made = await createMoneyRequest(tx, c.get("user"), payer, value, clock.now());
        notifications.push(...made.notifications);
        return { status: 201, body: made.request };
      });
      mail(notifications);
      return respond(c, outcome);
    })
    .post("/money-requests/:id/pay", signedIn, async (c) => {
      const notifications: NotificationInput[] = [];
      const outcome = await runMoneyOperation(c, database.db, c.get("user").id, "", async (tx) => {
        const paid = await payMoneyRequest(tx, c.get("user"), c.req.param("id"), clock.now());
        notifications.push(...paid.notifications);
        return { status: 200, body: paid.request };
      });
      mail(notifications);
      return respond(c, outcome);
    })
    .post("/money-requests/:id/decline", signedIn, async (c) => {
      const notifications: NotificationInput[] = [];
      const outcome = await runMoneyOperation(c, database.db, c.get("user").id, "", async (tx) => {
        const declined = await declineMoneyRequest(tx, c.get("user"), c.req.param("id"), clock.now());
        notifications.push(...declined.notifications);
        return { status: 200, body: declined.request };
      });
      mail(notifications);
      return respond(c, outcome);
    });
}

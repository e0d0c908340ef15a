import { contactInboxDto, contactInboxQuery, contactMessageDto, contactReplySchema } from "#shared/schemas/contact-inbox.js";
import type { AppDeps } from "../app.js";
import { ApiRouter } from "../http/api-router.js";
import { respond, runMoneyOperation } from "../http/idempotency.js";
import { readJson, readQuery } from "../http/json-body.js";
import { requireAdmin, requireUser } from "../http/session.js";
import { archiveContactMessage, listContactMessages, replyToContactMessage } from "../services/contact/contact-inbox.js";

/**
 * The contact inbox. A reply sends an e-mail, so it honours Idempotency-Key like a money
 * operation: a retried request replays the first answer instead of queueing a second e-mail.
 */
export function adminMessageRoutes({ auth, database, config, clock }: AppDeps) {
  return new ApiRouter("/api/admin")
    .use(requireUser(auth, database.db), requireAdmin())
    .on(
      { method: "get", path: "/messages", summary: "Contact-form messages by status, newest first unless sort says otherwise", auth: "admin", query: contactInboxQuery, response: contactInboxDto },
      async (c) => c.json(await listContactMessages(database.db, readQuery(c, contactInboxQuery))),
    )
    .on(
      { method: "post", path: "/messages/:id/reply", summary: "Answer a new message by e-mail (status → answered)", auth: "admin", body: contactReplySchema, response: contactMessageDto, idempotent: true },
      async (c) => {
        const { raw, value } = await readJson(c, contactReplySchema);
        const adminId = c.get("user").id;
        const outcome = await runMoneyOperation(c, database.db, adminId, raw, async (tx) => ({
          status: 200,
          body: await replyToContactMessage(tx, adminId, c.req.param("id"), value.text, config.site.name, clock.now()),
        }));
        return respond(c, outcome);
      },
    )
    .on(
      { method: "post", path: "/messages/:id/archive", summary: "File a message away (status → archived)", auth: "admin", response: contactMessageDto },
      async (c) => {
        const adminId = c.get("user").id;
        return c.json(await database.db.transaction((tx) => archiveContactMessage(tx, adminId, c.req.param("id"))));
      },
    );
}

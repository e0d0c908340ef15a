import { contactInboxDto, contactInboxQuery, contactMessageDto, contactReplySchema } from "#shared/schemas/contact-inbox.js";
import type { AppDeps } from "../app-deps.js";
import { ApiRouter } from "../http/api-router.js";
import { archiveContactMessage, listContactMessages, replyToContactMessage } from "../services/contact/contact-inbox.js";

/**
 * The contact inbox. A reply sends an e-mail, so it honours Idempotency-Key like a money
 * operation: a retried request replays the first answer instead of queueing a second e-mail.
 */
export function adminMessageRoutes(deps: Pick<AppDeps, "auth" | "database" | "config" | "clock">) {
  const { database, config, clock } = deps;
  return new ApiRouter("/api/admin", deps)
    .on(
      { method: "get", path: "/messages", summary: "Contact-form messages by status, newest first unless sort says otherwise", auth: "admin", query: contactInboxQuery, response: contactInboxDto },
      async (c, { query }) => c.json(await listContactMessages(database.replica, query)),
    )
    .on(
      { method: "post", path: "/messages/:id/reply", summary: "Answer a new message by e-mail (status → answered)", auth: "admin", body: contactReplySchema, response: contactMessageDto, idempotent: true },
      (c, { body }) => async (tx) => ({
        status: 200,
        body: await replyToContactMessage(tx, c.get("user").id, c.req.param("id"), body.text, config.site.name, clock.now()),
      }),
    )
    .on({ method: "post", path: "/messages/:id/archive", summary: "File a message away (status → archived)", auth: "admin", response: contactMessageDto }, async (c) =>
      c.json(await database.db.transaction((tx) => archiveContactMessage(tx, c.get("user").id, c.req.param("id")))),
    );
}

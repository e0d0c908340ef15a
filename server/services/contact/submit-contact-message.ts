import { randomUUID } from "node:crypto";
import type { ContactMessage } from "#shared/schemas/contact.js";
import type { Database } from "#server/db/client.js";
import { contactMessage } from "#server/db/schema.js";
import type { Logger } from "#server/logger.js";
import type { Mailer } from "#server/mail/mailer.js";
import { enqueueMail, type OutgoingMessage } from "../mail/enqueue-mail.js";

export interface ContactDeps {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  supportEmail: string;
  siteName: string;
}

/**
 * Stores the message for the operator's inbox and, with real mail configured, queues its copy to
 * support. `message` has passed `contactMessageSchema` (the route reads it with `readJson`).
 */
export async function submitContactMessage(deps: ContactDeps, message: ContactMessage): Promise<{ id: string }> {
  const id = randomUUID();
  await deps.db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(contactMessage)
      .values({ id, name: message.name, email: message.email, subject: message.subject ?? null, message: message.message })
      .returning({ createdAt: contactMessage.createdAt });
    // The outbox is a developer's view of mail to users; the operator reads messages from the table.
    // With real mail, the copy to support is queued with the message, and sent after the answer.
    if (deps.mailer.kind === "smtp") await enqueueMail(tx, supportMail(deps, id, message, stored?.createdAt ?? new Date()));
  });
  return { id };
}

/** Single line, so a subject typed with line breaks cannot add mail headers. */
export const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, " ").trim();

function supportMail(deps: ContactDeps, id: string, message: ContactMessage, receivedAt: Date): OutgoingMessage {
  const subject = message.subject ? oneLine(message.subject) : `Message from ${oneLine(message.name)}`;
  // The Mailer has no Reply-To, and its From is our own no-reply address: say plainly where an answer goes.
  const text = [
    `A visitor sent this through the contact form on ${deps.siteName}.`,
    "",
    `Name: ${message.name}`,
    `Email: ${message.email}`,
    `Subject: ${message.subject ?? "(none)"}`,
    `Received: ${receivedAt.toISOString()}`,
    `Reference: ${id}`,
    "",
    `To answer, write to ${message.email}. Replying to this e-mail will not reach the visitor.`,
    "",
    "-----",
    message.message,
  ].join("\n");
  return { kind: "contact-message", to: deps.supportEmail, subject: `[Contact] ${subject}`, text };
}

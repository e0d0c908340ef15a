import { randomUUID } from "node:crypto";
import type { ContactMessage } from "../../../shared/schemas/contact.js";
import type { Database } from "../../db/client.js";
import { contactMessage } from "../../db/schema.js";
import type { Logger } from "../../logger.js";
import type { MailMessage, Mailer } from "../../mail/mailer.js";

export interface ContactDeps {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  supportEmail: string;
  siteName: string;
}

/**
 * A stalled SMTP server must not hold the visitor's request for nodemailer's two-minute timeouts;
 * after this the send carries on in the background and only its failure is logged.
 */
const MAIL_WAIT_MS = 10_000;

/**
 * Stores the message for the operator's inbox and, with real mail configured, copies it to support.
 * `message` has passed `contactMessageSchema` (the route reads it with `readJson`).
 */
export async function submitContactMessage(deps: ContactDeps, message: ContactMessage): Promise<{ id: string }> {
  const id = randomUUID();
  const [stored] = await deps.db
    .insert(contactMessage)
    .values({ id, name: message.name, email: message.email, subject: message.subject ?? null, message: message.message })
    .returning({ createdAt: contactMessage.createdAt });

  // The outbox is a developer's view of mail to users; the operator reads messages from the table.
  if (deps.mailer.kind === "smtp") await notifySupport(deps, supportMail(deps, id, message, stored?.createdAt ?? new Date()), id);
  return { id };
}

async function notifySupport(deps: ContactDeps, mail: MailMessage, id: string): Promise<void> {
  const sending = deps.mailer.send(mail).catch((err: unknown) => {
    // Never the visitor's words or address: logs are not the place for personal data.
    deps.logger.error({ err, contactMessageId: id }, "contact message stored but the copy to support could not be sent");
  });
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), MAIL_WAIT_MS);
    timer.unref();
  });
  const outcome = await Promise.race([sending, waited]);
  clearTimeout(timer);
  if (outcome === "timeout") deps.logger.warn({ contactMessageId: id }, "copy of a contact message to support is still sending; answered without waiting");
}

/** Single line, so a subject typed with line breaks cannot add mail headers. */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, " ").trim();

function supportMail(deps: ContactDeps, id: string, message: ContactMessage, receivedAt: Date): MailMessage {
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
  return { to: deps.supportEmail, subject: `[Contact] ${subject}`, text };
}

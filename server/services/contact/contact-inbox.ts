import { and, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { SortOrder } from "#shared/schemas/admin-list.js";
import type { CONTACT_SORT_KEYS, ContactMessageDto, ContactStatus } from "#shared/schemas/contact-inbox.js";
import type { DbExecutor } from "#server/db/client.js";
import { contactMessage, user } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import { recordAudit } from "../audit/record-audit.js";
import { enqueueMail } from "../mail/enqueue-mail.js";
import { countUpToCap, matchRow, readCountedList } from "../admin-lists/page-query.js";
import { textKey, type SortKey } from "../paging/keyset.js";
import { oneLine } from "./submit-contact-message.js";

const replier = alias(user, "replier");

const columns = {
  id: contactMessage.id,
  name: contactMessage.name,
  email: contactMessage.email,
  subject: contactMessage.subject,
  message: contactMessage.message,
  status: contactMessage.status,
  replyText: contactMessage.replyText,
  repliedAt: contactMessage.repliedAt,
  repliedByEmail: replier.email,
  createdAt: contactMessage.createdAt,
};

type Row = { [K in keyof typeof columns]: unknown } & { repliedAt: Date | null; createdAt: Date; status: string; repliedByEmail: string | null };

const toDto = (row: Row): ContactMessageDto =>
  ({
    ...row,
    status: row.status as ContactStatus,
    repliedByEmail: row.repliedByEmail ?? null,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }) as ContactMessageDto;

/** The inbox's sort keys, each with the message's id after it (server/services/paging/keyset.ts). */
const SORT_KEYS: Record<(typeof CONTACT_SORT_KEYS)[number], SortKey> = {
  createdAt: { expression: contactMessage.createdAt, type: "timestamptz" },
  status: textKey(contactMessage.status),
};

/** One page of the inbox in the asked order (newest first by default), optionally one status only, with the total. */
export async function listContactMessages(
  db: DbExecutor,
  query: { status?: ContactStatus; cursor?: string | undefined; limit?: number | undefined; sort: SortOrder<keyof typeof SORT_KEYS> },
) {
  const where = query.status ? eq(contactMessage.status, query.status) : undefined;
  const replierJoin = eq(replier.id, contactMessage.repliedBy);
  return readCountedList(
    query,
    { keys: SORT_KEYS, id: contactMessage.id },
    (page) => db.select({ message: columns, ...page.fields }).from(contactMessage).leftJoin(replier, replierJoin).where(and(where, page.where)).$dynamic(),
    countUpToCap(db, db.select(matchRow).from(contactMessage).where(where).$dynamic()),
    (row) => toDto(row.message as Row),
  );
}

async function lockMessage(tx: DbExecutor, id: string) {
  const [found] = await tx.select().from(contactMessage).where(eq(contactMessage.id, id)).for("update");
  if (!found) throw new AppError("NOT_FOUND", "No such message.");
  return found;
}

async function readMessage(tx: DbExecutor, id: string): Promise<ContactMessageDto> {
  const [row] = await tx.select(columns).from(contactMessage).leftJoin(replier, eq(replier.id, contactMessage.repliedBy)).where(eq(contactMessage.id, id));
  return toDto(row as Row);
}

/**
 * Answers a new message: the e-mail is queued in the same transaction that records the reply and
 * its audit entry, under the row lock, so two clicks send one answer (the second is a 409).
 */
export async function replyToContactMessage(tx: DbExecutor, adminId: string, id: string, text: string, siteName: string, now: Date): Promise<ContactMessageDto> {
  const found = await lockMessage(tx, id);
  if (found.status !== "new") throw new AppError("CONFLICT", found.status === "answered" ? "This message was already answered." : "This message is archived.");
  await tx.update(contactMessage).set({ status: "answered", replyText: text, repliedBy: adminId, repliedAt: now }).where(eq(contactMessage.id, id));
  const subject = found.subject ? `Re: ${oneLine(found.subject)}` : `Your message to ${siteName}`;
  const quoted = found.message.split("\n").map((line) => `> ${line}`);
  await enqueueMail(tx, { kind: "contact-reply", to: found.email, subject, text: [text, "", `You wrote on ${found.createdAt.toISOString().slice(0, 10)}:`, ...quoted].join("\n") });
  await recordAudit(tx, {
    actorId: adminId,
    action: "contact.reply",
    targetType: "contact_message",
    targetId: id,
    before: { status: found.status },
    after: { status: "answered", replyText: text },
  });
  return readMessage(tx, id);
}

/** Files a message away (new or answered); archiving an archived one is a 409. */
export async function archiveContactMessage(tx: DbExecutor, adminId: string, id: string): Promise<ContactMessageDto> {
  const found = await lockMessage(tx, id);
  if (found.status === "archived") throw new AppError("CONFLICT", "This message is already archived.");
  await tx.update(contactMessage).set({ status: "archived" }).where(eq(contactMessage.id, id));
  await recordAudit(tx, { actorId: adminId, action: "contact.archive", targetType: "contact_message", targetId: id, before: { status: found.status }, after: { status: "archived" } });
  return readMessage(tx, id);
}

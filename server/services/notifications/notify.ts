import { randomUUID } from "node:crypto";
import type { DbExecutor } from "../../db/client.js";
import { notification } from "../../db/schema.js";
import type { Logger } from "../../logger.js";
import type { Mailer } from "../../mail/mailer.js";

export interface NotificationInput {
  userId: string;
  kind: string;
  title: string;
  body: string;
  link?: string;
}

/** Stores the in-app notification in the caller's transaction. */
export async function notify(tx: DbExecutor, input: NotificationInput): Promise<void> {
  await tx.insert(notification).values({ id: randomUUID(), link: null, ...input });
}

/**
 * The e-mail copy, sent after the transaction commits: a slow or failed mail server must not hold
 * or undo a money movement that already happened.
 */
export function mailNotification(deps: { mailer: Mailer; logger: Logger; siteName: string; publicUrl: string }, to: string, input: NotificationInput): void {
  const link = input.link ? `\n\n${deps.publicUrl}${input.link}` : "";
  deps.mailer
    .send({ to, subject: `${input.title} · ${deps.siteName}`, text: `${input.body}${link}\n\n${deps.siteName}` })
    .catch((error: unknown) => deps.logger.error({ err: error, kind: input.kind }, "notification mail failed"));
}

import { eq } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";
import { user } from "#server/db/schema.js";
import { enqueueMail, type OutgoingMessage } from "./enqueue-mail.js";

/** An alert to every admin, queued in the caller's transaction: stored once it has told them all. */
export async function emailAdmins(tx: DbExecutor, message: Omit<OutgoingMessage, "to">): Promise<void> {
  const admins = await tx.select({ email: user.email }).from(user).where(eq(user.role, "admin"));
  for (const admin of admins) await enqueueMail(tx, { ...message, to: admin.email });
}

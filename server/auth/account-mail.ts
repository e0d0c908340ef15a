import { and, eq, like } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { user, verification } from "../db/schema.js";
import type { Config } from "../env.js";
import type { Logger } from "../logger.js";
import { existingAccountMail, passwordChangedMail, passwordResetMail, securityChangeMail, verifyEmailMail, type SecurityChange } from "../mail/templates.js";
import { enqueueMail, type OutgoingMessage } from "../services/mail/enqueue-mail.js";
import { consumeRateLimit } from "../services/rate-limit/consume-rate-limit.js";
import { peekRateLimit } from "../services/rate-limit/peek-rate-limit.js";
import { forgetSignInFailures } from "./sign-in-guard.js";

/**
 * Mails better-auth asks for, queued (never sent inside the request, so a slow or dead mail server
 * changes neither the answer nor its timing). Mail that anyone can trigger for someone else's
 * address is capped per recipient, so the feature cannot be turned into a way to flood an inbox;
 * over the cap the request is answered the same and nothing is queued.
 */
const PER_RECIPIENT = { max: 3, windowSeconds: 60 * 60 } as const;
const VERIFY_CAP = "mail-verify";

/** Whether a signed-in user may still be sent a verification link this hour (they may be told; others not). */
export async function verificationMailsLeft(db: Database, userId: string): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  return peekRateLimit(db, { key: `${VERIFY_CAP}:${userId}`, ...PER_RECIPIENT });
}

interface Account {
  id: string;
  name: string;
  email: string;
}

export function accountMail(db: Database, config: Config, logger: Logger) {
  const site = { siteName: config.site.name, publicUrl: config.publicUrl };
  // better-auth gives no transaction here: one of our own keeps the row and its send job together.
  const queueMail = (message: OutgoingMessage) => db.transaction((tx) => enqueueMail(tx, message));
  const queueCapped = async (capKey: string, account: Account, message: OutgoingMessage) => {
    const allowed = !config.rateLimit || (await consumeRateLimit(db, { key: `${capKey}:${account.id}`, ...PER_RECIPIENT })).allowed;
    if (!allowed) {
      logger.warn({ userId: account.id, kind: message.kind }, "mail to this account capped for the hour; not queued");
      return;
    }
    await queueMail(message);
  };

  // A closed account is never signed in to again (server/auth/closed-account.ts): a reset link or a
  // "log in instead" would promise what sign-in then refuses. The requester's answer is the same.
  const isClosed = async (account: Account) => {
    const [row] = await db.select({ closedAt: user.closedAt }).from(user).where(eq(user.id, account.id));
    if (row?.closedAt) logger.info({ userId: account.id }, "account closed; no reset or sign-up mail queued");
    return Boolean(row?.closedAt);
  };

  return {
    passwordReset: async (account: Account, url: string) => {
      if (await isClosed(account)) return;
      await queueCapped("mail-reset", account, passwordResetMail({ ...site, name: account.name, to: account.email, url }));
    },
    verifyEmail: (account: Account, url: string) =>
      queueCapped(VERIFY_CAP, account, verifyEmailMail({ ...site, name: account.name, to: account.email, url })),
    existingAccount: async (account: Account) => {
      if (await isClosed(account)) return;
      await queueCapped("mail-existing", account, existingAccountMail({ ...site, name: account.name, to: account.email }));
    },
    /** After a reset or change: the owner hears of it, no other reset link works, and a reset unlocks sign-in. */
    passwordChanged: async (account: Account, how: "reset" | "change") => {
      if (how === "reset") await forgetSignInFailures(db, account.email);
      await db.delete(verification).where(and(eq(verification.value, account.id), like(verification.identifier, "reset-password:%")));
      await queueMail(passwordChangedMail({ name: account.name, to: account.email, publicUrl: config.publicUrl, how }));
    },
    securityChanged: (account: Account, change: SecurityChange) =>
      queueMail(securityChangeMail({ name: account.name, to: account.email, publicUrl: config.publicUrl, change })),
  };
}

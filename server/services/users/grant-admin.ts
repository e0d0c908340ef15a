import { eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.js";
import { user } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import { recordAudit } from "../audit/record-audit.js";
import { endSessions } from "./end-sessions.js";
import { forgetTrustedDevices } from "./trusted-devices.js";

export interface GrantAdminResult {
  email: string;
  alreadyAdmin: boolean;
  /** Whether the account already has a verified second factor; without one the admin API refuses it. */
  twoFactorEnabled: boolean;
}

/**
 * Makes an account an admin and ends its sessions: a session begun as a user lasts as long as a
 * user's, and an admin's must be short (server/auth/session-lifetime.ts), so they sign in again.
 */
export async function grantAdmin(db: Database, email: string): Promise<GrantAdminResult> {
  const normalized = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: user.id, email: user.email, role: user.role, twoFactorEnabled: user.twoFactorEnabled })
      .from(user)
      .where(eq(sql`lower(${user.email})`, normalized))
      .for("update");
    if (!found) throw new AppError("NOT_FOUND", `No account with the e-mail ${normalized}.`);
    const result = { email: found.email, twoFactorEnabled: found.twoFactorEnabled };
    if (found.role === "admin") return { ...result, alreadyAdmin: true };
    await tx.update(user).set({ role: "admin", updatedAt: new Date() }).where(eq(user.id, found.id));
    await endSessions(tx, found.id);
    await forgetTrustedDevices(tx, found.id);
    // The operator's CLI has no signed-in actor: the entry's actor is empty and its action says how.
    await recordAudit(tx, { actorId: null, action: "user.grant_admin.cli", targetType: "user", targetId: found.id, before: { role: found.role }, after: { role: "admin" } });
    return { ...result, alreadyAdmin: false };
  });
}

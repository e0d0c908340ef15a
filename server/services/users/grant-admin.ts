import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { user } from "../../db/schema.js";
import { AppError } from "../../errors.js";

export interface GrantAdminResult {
  email: string;
  alreadyAdmin: boolean;
}

export async function grantAdmin(db: Database, email: string): Promise<GrantAdminResult> {
  const normalized = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: user.id, email: user.email, role: user.role })
      .from(user)
      .where(eq(sql`lower(${user.email})`, normalized))
      .for("update");
    if (!found) throw new AppError("NOT_FOUND", `No account with the e-mail ${normalized}.`);
    if (found.role === "admin") return { email: found.email, alreadyAdmin: true };
    await tx.update(user).set({ role: "admin", updatedAt: new Date() }).where(eq(user.id, found.id));
    return { email: found.email, alreadyAdmin: false };
  });
}

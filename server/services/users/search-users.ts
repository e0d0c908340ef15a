import { desc, ilike, or } from "drizzle-orm";
import type { Database } from "#server/db/client.js";
import { user } from "#server/db/schema.js";

import type { UserSummary } from "#shared/schemas/admin.js";

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Newest accounts first, optionally filtered by a fragment of the e-mail or name. */
export async function searchUsers(db: Database, query: string | undefined, limit = 50): Promise<UserSummary[]> {
  const fragment = query?.trim();
  const pattern = fragment ? `%${escapeLike(fragment)}%` : undefined;
  const rows = await db
    .select({ id: user.id, name: user.name, email: user.email, role: user.role, createdAt: user.createdAt })
    .from(user)
    .where(pattern ? or(ilike(user.email, pattern), ilike(user.name, pattern)) : undefined)
    .orderBy(desc(user.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

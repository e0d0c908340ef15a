import { and, eq, or, sql, type SQL } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";
import { user } from "#server/db/schema.js";
import type { CountedList } from "#shared/schemas/admin-list.js";
import type { AdminUserRow, UsersQuery } from "#shared/schemas/admin-users.js";
import { textCell, toCsv, type CsvColumn } from "../admin-lists/csv.js";
import { countUpToCap, matchRow, matchingText, readCountedList, withinDays } from "../admin-lists/page-query.js";
import { keysetOrder, textKey, type SortKey } from "../paging/keyset.js";

const columns = {
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  emailVerified: user.emailVerified,
  twoFactorEnabled: user.twoFactorEnabled,
  banned: user.banned,
  createdAt: user.createdAt,
};

const yes = (flag: "true" | "false" | undefined) => (flag === undefined ? undefined : flag === "true");

/** A search that is a whole e-mail address (something@domain.tld). */
const WHOLE_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * What the search box matches: a whole e-mail address, that address whatever its case (the
 * lower(email) index: every address shares the trigrams of "@example.com", so a trigram search for
 * one reads a large share of the table); anything else, any fragment of the e-mail or the name
 * (trigram indexes, server/db/sql/online/) or the whole id. A fragment of an id would read every
 * row of the table.
 */
function searching(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  if (WHOLE_ADDRESS.test(q)) return eq(sql`lower(${user.email})`, q.toLowerCase());
  return or(matchingText(q, [user.email, user.name]), eq(user.id, q));
}

/** The users table's filters: the search; role; e-mail verified; 2FA on; banned; joined between `from` and `to`. */
function matching(query: UsersQuery): SQL | undefined {
  const banned = yes(query.banned);
  const verified = yes(query.emailVerified);
  const twoFactor = yes(query.twoFactor);
  return and(
    searching(query.q),
    query.role === undefined ? undefined : eq(user.role, query.role),
    verified === undefined ? undefined : eq(user.emailVerified, verified),
    twoFactor === undefined ? undefined : eq(user.twoFactorEnabled, twoFactor),
    // better-auth leaves `banned` null on accounts it made before the admin plugin wrote false.
    banned === undefined ? undefined : banned ? eq(user.banned, true) : sql`${user.banned} is not true`,
    withinDays(user.createdAt, query.from, query.to),
  );
}

/** The table's sort keys, each with the user's id after it (server/services/paging/keyset.ts). */
const SORT_KEYS: Record<UsersQuery["sort"]["key"], SortKey> = {
  createdAt: { expression: user.createdAt, type: "timestamptz" },
  email: textKey(user.email),
  name: textKey(user.name),
  role: textKey(user.role),
};

type Row = { id: string; name: string; email: string; role: string; emailVerified: boolean; twoFactorEnabled: boolean; banned: boolean | null; createdAt: Date };

const toRow = (row: Row): AdminUserRow => ({ ...row, banned: row.banned === true, createdAt: row.createdAt.toISOString() });

/** One page of the users table after the cursor, with the total of every match. */
export async function listUsers(db: DbExecutor, query: UsersQuery): Promise<CountedList<AdminUserRow>> {
  const where = matching(query);
  return readCountedList(
    { ...query, format: "json" },
    { keys: SORT_KEYS, id: user.id },
    (page) => db.select({ row: columns, ...page.fields }).from(user).where(and(where, page.where)).$dynamic(),
    countUpToCap(db, db.select(matchRow).from(user).where(where).$dynamic()),
    (row) => toRow(row.row),
  );
}

/** The export's columns. */
const CSV_COLUMNS: CsvColumn<AdminUserRow>[] = [
  { header: "ID", cell: (row) => textCell(row.id) },
  { header: "Name", cell: (row) => textCell(row.name) },
  { header: "E-mail", cell: (row) => textCell(row.email) },
  { header: "Role", cell: (row) => textCell(row.role) },
  { header: "E-mail verified", cell: (row) => textCell(row.emailVerified ? "yes" : "no") },
  { header: "Two-factor", cell: (row) => textCell(row.twoFactorEnabled ? "on" : "off") },
  { header: "Banned", cell: (row) => textCell(row.banned ? "yes" : "no") },
  { header: "Joined", cell: (row) => textCell(row.createdAt) },
];

/** Every matching user, in the table's order, for the CSV export (cursor and limit do not apply). */
export async function usersCsv(db: DbExecutor, query: UsersQuery): Promise<string> {
  const rows = await db.select(columns).from(user).where(matching(query)).orderBy(...keysetOrder(SORT_KEYS[query.sort.key], user.id, query.sort.direction));
  return toCsv(CSV_COLUMNS, rows.map(toRow));
}

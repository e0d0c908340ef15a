import { and, eq, sql, type SQL } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";
import { user } from "#server/db/schema.js";
import type { Page } from "#shared/schemas/admin-list.js";
import type { AdminUserRow, UsersQuery } from "#shared/schemas/admin-users.js";
import { textCell, toCsv, type CsvColumn } from "../admin-lists/csv.js";
import { countAll, matchingText, pageWindow, sortedBy, withinDays } from "../admin-lists/page-query.js";

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

/** The users table's filters: search by e-mail, name or id; role; e-mail verified; 2FA on; banned; joined between `from` and `to`. */
function matching(query: UsersQuery): SQL | undefined {
  const banned = yes(query.banned);
  const verified = yes(query.emailVerified);
  const twoFactor = yes(query.twoFactor);
  return and(
    matchingText(query.q, [user.email, user.name, user.id]),
    query.role === undefined ? undefined : eq(user.role, query.role),
    verified === undefined ? undefined : eq(user.emailVerified, verified),
    twoFactor === undefined ? undefined : eq(user.twoFactorEnabled, twoFactor),
    // better-auth leaves `banned` null on accounts it made before the admin plugin wrote false.
    banned === undefined ? undefined : banned ? eq(user.banned, true) : sql`${user.banned} is not true`,
    withinDays(user.createdAt, query.from, query.to),
  );
}

const sortColumns = { createdAt: user.createdAt, email: user.email, name: user.name, role: user.role };

type Row = { id: string; name: string; email: string; role: string; emailVerified: boolean; twoFactorEnabled: boolean; banned: boolean | null; createdAt: Date };

const toRow = (row: Row): AdminUserRow => ({ ...row, banned: row.banned === true, createdAt: row.createdAt.toISOString() });

function select(db: DbExecutor, query: UsersQuery) {
  return db.select(columns).from(user).where(matching(query)).orderBy(...sortedBy(query.sort, sortColumns, user.id));
}

/** One page of the users table. */
export async function listUsers(db: DbExecutor, query: UsersQuery): Promise<Page<AdminUserRow>> {
  const { limit, offset } = pageWindow(query);
  const rows = await select(db, query).limit(limit).offset(offset);
  const [counted] = await db.select({ total: countAll }).from(user).where(matching(query));
  return { items: rows.map(toRow), page: query.page, pageSize: query.pageSize, total: Number(counted?.total ?? 0) };
}

/** Every matching user, in the table's order, for the CSV export. */
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

export async function usersCsv(db: DbExecutor, query: UsersQuery): Promise<string> {
  return toCsv(CSV_COLUMNS, (await select(db, query)).map(toRow));
}

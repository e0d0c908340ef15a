/**
 * The people the scale benchmark signs in (bench/scale.ts), made through the running server's API
 * at each size: a reader with 10,000 journals and 50 notifications, 50 funded senders (who also
 * invest), 50 recipients, and an operator with two-factor on. Plus the cursors of the deep pages,
 * read from the database in each list's own order.
 */
import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client.js";
import { encodeCursor } from "#server/services/paging/keyset.js";
import { HISTORY_ORDER } from "#server/services/ledger/history.js";
import { grantAdmin } from "#server/services/users/grant-admin.js";
import { HttpClient } from "../../tests/helpers/http-client.js";
import { enrolTwoFactor } from "../../tests/helpers/people.js";
import { signIn, signUp } from "../../tests/helpers/test-server.js";
import { fund, seedHistory, seedNotifications, signedInUser, type BenchUser } from "./api-seed.js";

export const READER_JOURNALS = 10_000;
export const SENDERS = 50;
export const HISTORY_PAGE = 20;
export const DEEP_PAGE = 200;
/** The back office's page size, asked for explicitly so the last page is a whole one. */
export const ADMIN_PAGE = 50;

export interface ScalePeople {
  reader: BenchUser;
  senders: BenchUser[];
  recipients: BenchUser[];
  /** The operator's Cookie header (a session that passed the second factor). */
  adminCookie: string;
}

type Rows<T> = { rows: T[] };
const rows = async <T>(db: Database, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as Rows<T>).rows;

export async function makePeople(baseUrl: string, db: Database): Promise<ScalePeople> {
  const reader = await signedInUser(baseUrl, db, "Scale Reader");
  const other = await signedInUser(baseUrl, db, "Scale Other");
  await seedHistory(db, reader.id, other.id, READER_JOURNALS);
  await seedNotifications(db, reader.id, 50);
  const senders: BenchUser[] = [];
  const recipients: BenchUser[] = [];
  for (let n = 0; n < SENDERS; n++) {
    senders.push(await signedInUser(baseUrl, db, `Scale Sender ${n}`));
    recipients.push(await signedInUser(baseUrl, db, `Scale Recipient ${n}`));
  }
  for (const sender of senders) await fund(db, sender.id, 1_000_000_000n);
  const admin = new HttpClient(baseUrl);
  const email = `scale-operator-${Date.now()}@example.com`;
  await signUp(admin, { name: "Scale Operator", email });
  await db.execute(sql`update "user" set email_verified = true where email = ${email}`);
  await grantAdmin(db, email);
  await signIn(admin, email);
  await enrolTwoFactor(admin);
  const adminCookie = [...admin.cookies].map(([name, { value }]) => `${name}=${value}`).join("; ");
  return { reader, senders, recipients, adminCookie };
}

/** The cursor that opens the history's page `page` (1 is the first) for `userId`, as the page before it would give it. */
export async function historyCursor(db: Database, userId: string, page: number): Promise<string> {
  const [row] = await rows<{ key: string; id: string }>(
    db,
    sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as key, journal_id as id from (
          select distinct journal_id, created_at from posting
          where account_id in (${`u:${userId}:available`}, ${`u:${userId}:invested`}, ${`u:${userId}:payout_hold`})) e
        order by created_at desc, journal_id collate "C" desc offset ${(page - 1) * HISTORY_PAGE - 1} limit 1`,
  );
  if (!row) throw new Error(`the reader has fewer than ${(page - 1) * HISTORY_PAGE} events`);
  return encodeCursor(HISTORY_ORDER, row);
}

/**
 * The query string that opens a back-office queue's last page: the cursor of the row just before
 * the last `ADMIN_PAGE` rows of `table` with `status`, ordered by amount then id ascending
 * (`sort=amountCents`); none when every row fits on the first page.
 */
export async function lastPageCursor(db: Database, table: "deposit" | "payout", status: string): Promise<string> {
  const [row] = await rows<{ key: string; id: string }>(
    db,
    sql`select amount_cents::text as key, id from ${sql.identifier(table)} where status = ${status}
        order by amount_cents desc, id collate "C" desc offset ${ADMIN_PAGE} limit 1`,
  );
  return row ? `&cursor=${encodeCursor("amountCents:asc", row)}` : "";
}

import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { OPEN_CASE_STATUSES, type AdminVerificationItem, type AdminVerificationsQuery, type CaseStatus, type DocumentType } from "#shared/schemas/verification.js";
import type { DbExecutor } from "#server/db/client.js";
import { identityCase, identityDocument, user } from "#server/db/schema.js";
import { ownerColumns, textCell, type CsvColumn } from "../admin-lists/csv.js";
import { countUpToCap, matchRow, matchingText, readCountedList, withinDays } from "../admin-lists/page-query.js";
import type { SortKey } from "../paging/keyset.js";

const assignee = alias(user, "assignee");

/**
 * The queue's sort keys, each with the case's id after it (server/services/paging/keyset.ts). A
 * draft has no submission yet: it sorts by when it was made, so the key is never null and the
 * keyset comparison holds for every row.
 */
const SORT_KEYS: Record<AdminVerificationsQuery["sort"]["key"], SortKey> = {
  submittedAt: { expression: sql`coalesce(${identityCase.submittedAt}, ${identityCase.createdAt})`, type: "timestamptz" },
  createdAt: { expression: identityCase.createdAt, type: "timestamptz" },
};

/** The files a case holds now (not removed or replaced), counted beside each row. */
const documentCount = sql<number>`(select count(*)::int from ${identityDocument} where ${identityDocument.caseId} = ${identityCase.id} and ${isNull(identityDocument.replacedAt)})`;

/**
 * The operator's identity queue: every case unless filtered, `open` being the ones waiting for a
 * decision (submitted and in review), searched by the investor's e-mail, name or legal name (or the
 * case's id); one page after the cursor with the total, or every match for the CSV.
 */
export async function listVerificationsForAdmin(db: DbExecutor, query: AdminVerificationsQuery) {
  const status =
    query.status === undefined ? undefined : query.status === "open" ? inArray(identityCase.status, [...OPEN_CASE_STATUSES]) : eq(identityCase.status, query.status);
  const where = and(status, withinDays(identityCase.createdAt, query.from, query.to), matchingText(query.q, [user.email, user.name, identityCase.legalName, identityCase.id]));
  const owner = eq(user.id, identityCase.userId);
  return readCountedList(
    query,
    { keys: SORT_KEYS, id: identityCase.id },
    (page) =>
      db
        .select({
          identityCase,
          user: { id: user.id, name: user.name, email: user.email },
          assignee: { id: assignee.id, name: assignee.name, email: assignee.email },
          documentCount,
          ...page.fields,
        })
        .from(identityCase)
        .innerJoin(user, owner)
        .leftJoin(assignee, eq(assignee.id, identityCase.assigneeId))
        .where(and(where, page.where))
        .$dynamic(),
    // Every row has its owner: the join counts only when the search reads the owner's e-mail or name.
    countUpToCap(db, (query.q ? db.select(matchRow).from(identityCase).innerJoin(user, owner) : db.select(matchRow).from(identityCase)).where(where).$dynamic()),
    (row): AdminVerificationItem => ({
      id: row.identityCase.id,
      // The table's checks hold these to the shared lists.
      status: row.identityCase.status as CaseStatus,
      user: row.user,
      legalName: row.identityCase.legalName,
      country: row.identityCase.country,
      documentType: row.identityCase.documentType as DocumentType | null,
      documentCount: row.documentCount,
      submittedAt: row.identityCase.submittedAt?.toISOString() ?? null,
      createdAt: row.identityCase.createdAt.toISOString(),
      assignee: row.assignee,
    }),
  );
}

/** The export's columns: who, where the case stands, and who is working on it. */
export const VERIFICATION_CSV_COLUMNS: CsvColumn<AdminVerificationItem>[] = [
  { header: "Submitted (UTC)", cell: (row) => textCell(row.submittedAt) },
  { header: "Status", cell: (row) => textCell(row.status) },
  { header: "Legal name", cell: (row) => textCell(row.legalName) },
  { header: "Country", cell: (row) => textCell(row.country) },
  { header: "Document type", cell: (row) => textCell(row.documentType) },
  { header: "Files", cell: (row) => String(row.documentCount) },
  ...ownerColumns<AdminVerificationItem>(),
  { header: "Assigned to", cell: (row) => textCell(row.assignee?.email ?? null) },
  { header: "Created (UTC)", cell: (row) => textCell(row.createdAt) },
  { header: "Case ID", cell: (row) => textCell(row.id) },
];

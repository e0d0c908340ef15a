import { auditListQuery, auditListDto, type AuditEntryDto } from "#shared/schemas/audit.js";
import type { AppDeps } from "../app-deps.js";
import { ApiRouter } from "../http/api-router.js";
import { csvResponse } from "../http/csv-response.js";
import { textCell, toCsv, type CsvColumn } from "../services/admin-lists/csv.js";
import { listAudit } from "../services/audit/list-audit.js";

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

const AUDIT_CSV: CsvColumn<AuditEntryDto>[] = [
  { header: "Seq", cell: (row) => String(row.seq) },
  { header: "Time", cell: (row) => textCell(row.createdAt) },
  { header: "Actor", cell: (row) => textCell(row.actorEmail ?? row.actorId) },
  { header: "Action", cell: (row) => textCell(row.action) },
  { header: "Target type", cell: (row) => textCell(row.targetType) },
  { header: "Target", cell: (row) => textCell(row.targetId) },
  { header: "Before", cell: (row) => textCell(json(row.before)) },
  { header: "After", cell: (row) => textCell(json(row.after)) },
  { header: "Request id", cell: (row) => textCell(row.requestId) },
  { header: "Hash", cell: (row) => textCell(row.hash) },
];

/** The audit log, read-only: its chain is checked by `npm run audit -- verify`. */
export function adminAuditRoutes(deps: Pick<AppDeps, "auth" | "database" | "config">) {
  return new ApiRouter("/api/admin", deps).on(
    {
      method: "get",
      path: "/audit",
      summary: "The audit log, newest first: filter by actor, target, action and days; format=csv for a file",
      auth: "admin",
      query: auditListQuery,
      response: auditListDto,
    },
    async (c, { query }) => {
      const page = await listAudit(deps.database.replica, query);
      if (query.format === "csv") return csvResponse(c, "termvest-audit.csv", toCsv(AUDIT_CSV, page.items));
      return c.json(page);
    },
  );
}

import { CASE_STATUS_LABELS, DOCUMENT_TYPE_LABELS, type AdminVerificationItem } from "#shared/schemas/verification.js";
import type { DataColumn } from "#web/components/admin/data-table.js";
import type { FilterField } from "#web/components/admin/filter-bar.js";
import { selectFilter } from "#web/components/admin/filter-bar.js";
import { userColumn } from "#web/components/admin/user-column.js";
import { CaseStatusBadge } from "#web/components/account/case-status-badge.js";
import { formatDateTime } from "#web/lib/format-date.js";
import { Link } from "react-router";

/** Whose case, where it stands, what it holds, since when and who works it. */
export const ADMIN_VERIFICATION_COLUMNS: [DataColumn<AdminVerificationItem>, ...DataColumn<AdminVerificationItem>[]] = [
  userColumn("min-w-56"),
  { header: "Status", cell: (item) => <CaseStatusBadge status={item.status} /> },
  { header: "Legal name", cell: (item) => item.legalName ?? "—" },
  {
    header: "Document",
    cell: (item) => (item.documentType ? `${DOCUMENT_TYPE_LABELS[item.documentType]}${item.country ? `, ${item.country}` : ""} · ${item.documentCount} file${item.documentCount === 1 ? "" : "s"}` : "—"),
  },
  { header: "Submitted", sortKey: "submittedAt", cell: (item) => (item.submittedAt ? formatDateTime(item.submittedAt) : "—") },
  { header: "Assigned to", cell: (item) => item.assignee?.name || item.assignee?.email || "Nobody" },
  {
    header: "Case",
    cell: (item) => (
      <Link to={`/dashboard/admin/verifications/${encodeURIComponent(item.id)}`} className="font-semibold text-brand-700 underline underline-offset-2" aria-label={`Open the case of ${item.user.email}`}>
        Open
      </Link>
    ),
  },
];

/** The queue's filters, named as `GET /api/admin/verifications` takes them. */
export const ADMIN_VERIFICATION_FILTERS: FilterField[] = [
  { kind: "text", name: "q", label: "Search", placeholder: "E-mail, name or legal name" },
  selectFilter("status", "Status", { open: "Waiting for a decision", ...CASE_STATUS_LABELS }),
  { kind: "date", name: "from", label: "From" },
  { kind: "date", name: "to", label: "To" },
];

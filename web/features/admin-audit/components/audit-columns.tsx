import type { AuditEntryDto } from "#shared/schemas/audit.js";
import type { DataColumn } from "#web/components/admin/data-table.js";
import type { FilterField } from "#web/components/admin/filter-bar.js";
import { formatDateTime } from "#web/lib/format-date.js";

const json = (value: unknown) => (value === null || value === undefined ? "—" : JSON.stringify(value, null, 2));

/** Before and after, folded: most entries are read by their action and target, the detail on demand. */
function Change({ entry }: { entry: AuditEntryDto }) {
  if ((entry.before === null || entry.before === undefined) && (entry.after === null || entry.after === undefined)) return <>—</>;
  return (
    <details className="max-w-md">
      <summary className="cursor-pointer text-brand-700 underline underline-offset-2">Before and after</summary>
      <div className="mt-2 grid gap-2 text-xs">
        <p className="font-semibold">Before</p>
        <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded bg-slate-100 p-2">{json(entry.before)}</pre>
        <p className="font-semibold">After</p>
        <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded bg-slate-100 p-2">{json(entry.after)}</pre>
      </div>
    </details>
  );
}

/** One line per entry: when, who, what, on what, and the change; the chain's number heads the row. */
export const AUDIT_COLUMNS: [DataColumn<AuditEntryDto>, ...DataColumn<AuditEntryDto>[]] = [
  { header: "No.", sortKey: "seq", nowrap: true, cell: (entry) => entry.seq },
  { header: "Time", cell: (entry) => formatDateTime(entry.createdAt) },
  { header: "Actor", sortKey: "actor", cell: (entry) => <span className="break-all">{entry.actorEmail ?? (entry.actorId ? entry.actorId : "System")}</span> },
  { header: "Action", sortKey: "action", mono: true, cell: (entry) => entry.action },
  {
    header: "Target",
    cell: (entry) => (
      <>
        <span className="block text-slate-600">{entry.targetType}</span>
        <span className="block font-mono break-all">{entry.targetId}</span>
      </>
    ),
  },
  { header: "Change", cell: (entry) => <Change entry={entry} /> },
  { header: "Request", mono: true, cell: (entry) => entry.requestId ?? "—" },
];

/** Named as `GET /api/admin/audit` takes them. */
export const AUDIT_FILTERS: FilterField[] = [
  { kind: "text", name: "actor", label: "Actor (e-mail or ID)" },
  { kind: "text", name: "target", label: "Target (ID or type)" },
  { kind: "text", name: "action", label: "Action (or its start)" },
  { kind: "date", name: "from", label: "From" },
  { kind: "date", name: "to", label: "To" },
];

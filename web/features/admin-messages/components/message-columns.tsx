import { CONTACT_STATUSES, type ContactMessageDto, type ContactStatus } from "#shared/schemas/contact-inbox.js";
import type { DataColumn } from "#web/components/admin/data-table.js";
import type { FilterField } from "#web/components/admin/filter-bar.js";
import { cn } from "#web/lib/cn.js";
import { formatDateTime } from "#web/lib/format-date.js";

export const STATUS_LABELS: Record<ContactStatus, string> = { new: "New", answered: "Answered", archived: "Archived" };

const BADGE: Record<ContactStatus, string> = {
  new: "bg-amber-100 text-amber-900",
  answered: "bg-emerald-100 text-emerald-900",
  archived: "bg-slate-100 text-slate-800",
};

/** The first words of a message: the row stays one line, the panel shows it all. */
const preview = (text: string) => (text.length > 120 ? `${text.slice(0, 117)}…` : text);

export const MESSAGE_COLUMNS: [DataColumn<ContactMessageDto>, ...DataColumn<ContactMessageDto>[]] = [
  {
    header: "From",
    cell: (message) => (
      <>
        <span className="block">{message.name}</span>
        <span className="block break-all text-slate-600">{message.email}</span>
      </>
    ),
  },
  { header: "Subject", cell: (message) => message.subject ?? "—" },
  { header: "Message", cell: (message) => <span className="break-words">{preview(message.message)}</span> },
  {
    header: "Status",
    sortKey: "status",
    cell: (message) => <span className={cn("inline-block rounded-full px-2 py-0.5 text-xs font-semibold", BADGE[message.status])}>{STATUS_LABELS[message.status]}</span>,
  },
  { header: "Received", sortKey: "createdAt", cell: (message) => formatDateTime(message.createdAt) },
];

export const MESSAGE_FILTERS: FilterField[] = [
  { kind: "select", name: "status", label: "Status", options: CONTACT_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })) },
];

import type { AdminMailDto } from "#shared/schemas/admin-mail.js";
import type { DataColumn } from "#web/components/admin/data-table.js";
import { formatDateTime } from "#web/lib/format-date.js";

/** The recipient heads each row: operators may need to reach them another way. Never the text, which may hold a one-time link. */
export const DEAD_MAIL_COLUMNS: [DataColumn<AdminMailDto>, ...DataColumn<AdminMailDto>[]] = [
  { header: "To", mono: true, cell: (mail) => mail.to },
  { header: "Kind", nowrap: true, cell: (mail) => mail.kind },
  { header: "Subject", cell: (mail) => mail.subject },
  { header: "Attempts", align: "right", cell: (mail) => mail.attempts },
  { header: "Last error", cell: (mail) => mail.lastError ?? "—" },
  { header: "Created", cell: (mail) => formatDateTime(mail.createdAt) },
];

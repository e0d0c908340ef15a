import { formatCents } from "#shared/money.js";
import type { AdminPayoutDto } from "#shared/schemas/payouts.js";
import type { QueueColumn } from "#web/components/admin/queue-table.js";
import { formatDateTime } from "#web/lib/format-date.js";

/** Who, how much, where to and since when; the user heads each row, since that is who gets paid. */
export const ADMIN_PAYOUT_COLUMNS: [QueueColumn<AdminPayoutDto>, ...QueueColumn<AdminPayoutDto>[]] = [
  {
    header: "User",
    cell: (payout) => (
      <>
        <span className="block">{payout.user.name || "—"}</span>
        <span className="block font-normal break-all text-slate-600">{payout.user.email}</span>
      </>
    ),
  },
  { header: "Amount", align: "right", cell: (payout) => formatCents(payout.amountCents) },
  { header: "Wallet address (bitcoin)", mono: true, cell: (payout) => payout.walletAddress },
  { header: "Created", cell: (payout) => formatDateTime(payout.createdAt) },
  { header: "Payout ID", mono: true, cell: (payout) => payout.id },
];

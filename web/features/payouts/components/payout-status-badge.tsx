import type { PayoutStatus } from "#shared/schemas/payouts.js";
import { Badge, type BadgeTone } from "#web/components/ui/badge.js";

const LOOK: Record<PayoutStatus, { tone: BadgeTone; label: string }> = {
  requested: { tone: "warning", label: "Pending" },
  paid: { tone: "success", label: "Paid" },
  rejected: { tone: "danger", label: "Rejected" },
  cancelled: { tone: "neutral", label: "Cancelled" },
};

export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  const { tone, label } = LOOK[status] ?? { tone: "neutral", label: status };
  return <Badge tone={tone}>{label}</Badge>;
}

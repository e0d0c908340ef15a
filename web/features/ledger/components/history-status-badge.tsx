import type { HistoryStatus } from "#shared/schemas/ledger.js";
import { Badge, type BadgeTone } from "#web/components/ui/badge.js";

const LOOK: Record<HistoryStatus, { tone: BadgeTone; label: string }> = {
  completed: { tone: "success", label: "Completed" },
  pending: { tone: "warning", label: "Pending" },
  rejected: { tone: "danger", label: "Rejected" },
  expired: { tone: "neutral", label: "Expired" },
};

export function HistoryStatusBadge({ status }: { status: HistoryStatus }) {
  const { tone, label } = LOOK[status] ?? { tone: "neutral", label: status };
  return <Badge tone={tone}>{label}</Badge>;
}

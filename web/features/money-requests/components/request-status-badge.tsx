import type { MoneyRequestDto } from "#shared/schemas/money-requests.js";
import { Badge, type BadgeTone } from "#web/components/ui/badge.js";

const LOOK: Record<MoneyRequestDto["status"], { tone: BadgeTone; label: string }> = {
  pending: { tone: "warning", label: "Pending" },
  paid: { tone: "success", label: "Paid" },
  declined: { tone: "neutral", label: "Declined" },
};

export function RequestStatusBadge({ status }: { status: MoneyRequestDto["status"] }) {
  const { tone, label } = LOOK[status] ?? { tone: "neutral", label: status };
  return <Badge tone={tone}>{label}</Badge>;
}

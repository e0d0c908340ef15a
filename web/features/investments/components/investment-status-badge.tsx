import type { InvestmentDto } from "#shared/schemas/investments.js";
import { Badge } from "#web/components/ui/badge.js";
import { STATUS_BADGES } from "../investment-words.js";

export function InvestmentStatusBadge({ status }: { status: InvestmentDto["status"] }) {
  const { label, tone } = STATUS_BADGES[status];
  return <Badge tone={tone}>{label}</Badge>;
}

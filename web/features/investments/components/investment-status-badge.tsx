import type { InvestmentDto } from "#shared/schemas/investments.js";
import { Badge } from "#web/components/ui/badge.js";

export function InvestmentStatusBadge({ status }: { status: InvestmentDto["status"] }) {
  return status === "matured" ? <Badge tone="neutral">Matured</Badge> : <Badge tone="success">Active</Badge>;
}

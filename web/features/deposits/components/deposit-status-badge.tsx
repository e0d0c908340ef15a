import type { DepositStatus } from "#shared/schemas/deposits.js";
import { Badge, type BadgeTone } from "#web/components/ui/badge.js";
import { STATUS_LABELS } from "../labels.js";

const TONE: Record<DepositStatus, BadgeTone> = { pending: "warning", confirmed: "success", rejected: "danger", expired: "neutral", new: "warning", processing: "warning", settled: "success", invalid: "danger" };

export function DepositStatusBadge({ status }: { status: DepositStatus }) {
  return <Badge tone={TONE[status]}>{STATUS_LABELS[status]}</Badge>;
}

import { CASE_STATUS_LABELS, type CaseStatus } from "#shared/schemas/verification.js";
import { Badge, type BadgeTone } from "#web/components/ui/badge.js";

const TONE: Record<CaseStatus, BadgeTone> = {
  draft: "neutral",
  submitted: "warning",
  in_review: "warning",
  approved: "success",
  rejected: "danger",
  resubmission_requested: "danger",
  expired: "danger",
};

/** Where an identity case stands, in the same words for the investor and the operator. */
export function CaseStatusBadge({ status }: { status: CaseStatus }) {
  return <Badge tone={TONE[status]}>{CASE_STATUS_LABELS[status]}</Badge>;
}

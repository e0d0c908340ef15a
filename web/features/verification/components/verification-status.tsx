import { formatCents } from "#shared/money.js";
import type { VerificationDto } from "#shared/schemas/verification.js";
import { CaseStatusBadge } from "#web/components/account/case-status-badge.js";
import { Alert } from "#web/components/ui/alert.js";
import { Badge } from "#web/components/ui/badge.js";
import { formatDate } from "#web/lib/format-date.js";

/** The account's level, the case's state with the operator's words, and what the level allows now. */
export function VerificationStatus({ verification }: { verification: VerificationDto }) {
  const { level, limits } = verification;
  const current = verification.case;
  return (
    <div className="flex flex-col gap-4 rounded-card border border-slate-200 bg-white p-5 sm:p-6" data-testid="verification-status">
      <dl className="grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-600">Your level</dt>
          <dd className="mt-1">{level === "verified" ? <Badge tone="success">Verified</Badge> : <Badge tone="warning">Not verified</Badge>}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Your identity check</dt>
          <dd className="mt-1">{current ? <CaseStatusBadge status={current.status} /> : <Badge tone="neutral">Not started</Badge>}</dd>
        </div>
      </dl>
      {limits.depositLimitCents !== null ? (
        <p className="text-sm text-slate-700">
          Until your identity is verified you can deposit up to {formatCents(limits.depositLimitCents)} in total, and invest it. You have used{" "}
          {formatCents(limits.depositedCents ?? 0)}; <strong>{formatCents(limits.depositRemainingCents ?? 0)}</strong> remains. Withdrawals, transfers to other users and paying
          money requests need a verified identity.
        </p>
      ) : (
        <p className="text-sm text-slate-700">Your identity is verified: your deposits have no verification limit, and you can withdraw and send money.</p>
      )}
      {current?.status === "submitted" || current?.status === "in_review" ? (
        <Alert tone="info">
          We received your documents{current.submittedAt ? ` on ${formatDate(current.submittedAt)}` : ""}. An operator will check them and you will be told the outcome by
          e-mail and in your notifications.
        </Alert>
      ) : null}
      {current?.reason && (current.status === "rejected" || current.status === "resubmission_requested") && (
        <Alert tone="error">
          <strong>{current.status === "rejected" ? "Your identity check was rejected." : "Please send new documents."}</strong> The operator wrote: “{current.reason}”
        </Alert>
      )}
      {current?.status === "expired" && (
        <Alert tone="error">Your identity document has expired. Enter your new document and upload it below to be verified again.</Alert>
      )}
    </div>
  );
}

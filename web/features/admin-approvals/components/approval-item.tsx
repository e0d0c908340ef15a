import { approvalRejectionSchema, type ApprovalDto } from "#shared/schemas/approvals.js";
import { DecisionForm } from "#web/components/admin/decision-form.js";
import { Badge } from "#web/components/ui/badge.js";
import { formatDateTime } from "#web/lib/format-date.js";
import type { Outcome } from "#web/lib/outcome.js";
import { useDecideApproval } from "../api/admin-approvals.js";

const KIND_LABELS: Record<ApprovalDto["kind"], string> = {
  deposit_confirm: "Deposit above its claim",
  role_grant: "Admin role",
  plan_change: "Plan rate or term",
};

const who = (person: { name: string; email: string }) => (person.name ? `${person.name} (${person.email})` : person.email);

/**
 * One request for a second admin: what approving does, who asked and why, and the decision, which
 * the server refuses to the admin who asked and to the account it is about (the buttons show for
 * them too; the refusal says who may decide instead).
 */
export function ApprovalItem({ approval, onOutcome }: { approval: ApprovalDto; onOutcome: (outcome: Outcome) => void }) {
  const decide = useDecideApproval();
  const pending = approval.status === "pending";
  return (
    <article className="flex flex-col gap-3 rounded-card border border-slate-200 bg-white p-5" data-testid="approval">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 text-base font-semibold break-words text-brand-900">{approval.summary}</p>
        <Badge tone={pending ? "warning" : approval.status === "approved" ? "success" : "neutral"}>{KIND_LABELS[approval.kind]}</Badge>
      </header>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-slate-600">Asked by</dt>
          <dd className="break-words text-slate-900">
            {who(approval.requestedBy)}, {formatDateTime(approval.requestedAt)}
          </dd>
        </div>
        {approval.subject && (
          <div className="min-w-0">
            <dt className="text-slate-600">Account</dt>
            <dd className="break-words text-slate-900">{who(approval.subject)}</dd>
          </div>
        )}
        <div className="min-w-0 sm:col-span-2">
          <dt className="text-slate-600">Their reason</dt>
          <dd className="break-words text-slate-900">{approval.reason}</dd>
        </div>
        {approval.decidedBy && approval.decidedAt && (
          <div className="min-w-0 sm:col-span-2">
            <dt className="text-slate-600">{approval.status === "approved" ? "Approved by" : "Rejected by"}</dt>
            <dd className="break-words text-slate-900">
              {who(approval.decidedBy)}, {formatDateTime(approval.decidedAt)}
              {approval.decisionReason ? `: ${approval.decisionReason}` : ""}
            </dd>
          </div>
        )}
      </dl>
      {pending && (
        <DecisionForm
          onOutcome={onOutcome}
          approve={{
            label: `Approve: ${approval.summary}`,
            submitLabel: "Approve",
            pendingLabel: "Approving...",
            fields: [],
            parse: () => ({ ok: true, body: {} }),
            fallback: "The request could not be approved. Try again.",
            send: async (_body, idempotencyKey) => {
              await decide.mutateAsync({ kind: "approve", id: approval.id, idempotencyKey });
              return `Approved and done: ${approval.summary}`;
            },
          }}
          reject={{
            label: `Reject: ${approval.summary}`,
            hint: "Nothing changes; the admin who asked sees your reason.",
            submitLabel: "Reject request",
            schema: approvalRejectionSchema,
            fallback: "The request could not be rejected. Try again.",
            send: async ({ reason }, idempotencyKey) => {
              await decide.mutateAsync({ kind: "reject", id: approval.id, reason, idempotencyKey });
              return `Rejected: ${approval.summary}`;
            },
          }}
        />
      )}
    </article>
  );
}

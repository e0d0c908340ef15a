import { formatCents } from "#shared/money.js";
import { DOCUMENT_TYPE_LABELS, type AdminVerificationDto } from "#shared/schemas/verification.js";
import { CaseStatusBadge } from "#web/components/account/case-status-badge.js";
import { Badge } from "#web/components/ui/badge.js";
import { formatDate, formatDateTime } from "#web/lib/format-date.js";
import type { ReactNode } from "react";
import { Link } from "react-router";

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
      <dt className="text-sm text-slate-600 sm:w-48 sm:shrink-0">{term}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** What the investor gave, the account it belongs to and its deposits so far, as the operator checks them. */
export function CaseDetails({ item }: { item: AdminVerificationDto }) {
  const { user, deposits } = item;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-label="The investor's details" className="rounded-card border border-slate-200 bg-white p-5">
        <h2 className="mb-4 text-lg font-semibold text-brand-900">Details given</h2>
        <dl className="flex flex-col gap-3">
          <Row term="Status">
            <CaseStatusBadge status={item.status} />
          </Row>
          <Row term="Legal name">{item.legalName ?? "—"}</Row>
          <Row term="Date of birth">{item.dateOfBirth ?? "—"}</Row>
          <Row term="Country of residence">{item.country ?? "—"}</Row>
          <Row term="Address">
            <span className="whitespace-pre-line">{item.address ?? "—"}</span>
          </Row>
          <Row term="Document">{item.documentType ? DOCUMENT_TYPE_LABELS[item.documentType] : "—"}</Row>
          <Row term="Document number">
            <span className="font-mono">{item.documentNumber ?? "—"}</span>
          </Row>
          <Row term="Issued by">{item.documentCountry ?? "—"}</Row>
          <Row term="Expires">{item.documentExpiresOn ?? "—"}</Row>
          <Row term="Submitted">{item.submittedAt ? formatDateTime(item.submittedAt) : "Not yet"}</Row>
          {item.decidedAt && (
            <Row term="Decided">
              {formatDateTime(item.decidedAt)}
              {item.decidedBy ? ` by ${item.decidedBy.name || item.decidedBy.email}` : ""}
            </Row>
          )}
          {item.reason && <Row term="Reason given">{item.reason}</Row>}
        </dl>
      </section>
      <section aria-label="The account" className="rounded-card border border-slate-200 bg-white p-5">
        <h2 className="mb-4 text-lg font-semibold text-brand-900">Account</h2>
        <dl className="flex flex-col gap-3">
          <Row term="Name">{user.name || "—"}</Row>
          <Row term="E-mail">
            <span className="break-all">{user.email}</span> {user.emailVerified ? <Badge tone="success">Verified</Badge> : <Badge tone="warning">Not verified</Badge>}
          </Row>
          <Row term="Signed up">{formatDate(user.createdAt)}</Row>
          <Row term="Level">{user.level === "verified" ? <Badge tone="success">Verified</Badge> : <Badge tone="warning">Not verified</Badge>}</Row>
          <Row term="Deposits so far">
            {deposits.count} — {formatCents(deposits.creditedCents)} credited, {formatCents(deposits.pendingCents)} waiting
          </Row>
        </dl>
        <Link to={`/dashboard/admin/users/${encodeURIComponent(user.id)}`} className="mt-4 inline-block text-sm font-semibold text-brand-700 underline underline-offset-2">
          Open the account
        </Link>
      </section>
    </div>
  );
}

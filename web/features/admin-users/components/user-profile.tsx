import { useState } from "react";
import type { AdminUserProfile } from "#shared/schemas/admin-users.js";
import { Alert } from "#web/components/ui/alert.js";
import { Badge } from "#web/components/ui/badge.js";
import { Button } from "#web/components/ui/button.js";
import { formatDateTime } from "#web/lib/format-date.js";
import type { Outcome } from "#web/lib/outcome.js";
import { useSession } from "#web/lib/session.js";
import { useUserAction, type UserAction } from "../api/admin-users.js";
import { ReasonForm } from "./reason-form.js";
import { UserBadges } from "./user-columns.js";

interface ActionChoice {
  key: string;
  button: string;
  hint: string;
  danger?: boolean;
  action: (reason: string) => UserAction;
  done: string;
}

/** What the operator may do to this account now (the server checks each again); nothing on their own account. */
function choices(profile: AdminUserProfile, isSelf: boolean): ActionChoice[] {
  const list: ActionChoice[] = [];
  // A closed account is closed for good: there is nothing to approve, ban, unban or grant.
  if (isSelf || profile.closedAt) return list;
  if (profile.verificationLevel !== "verified" && !profile.banned) {
    list.push({
      key: "approve-identity",
      button: "Approve identity",
      hint: "For an account whose identity you checked yourself: it becomes verified at once, so its deposit limit ends and money can leave it. Say how you checked: the reason is kept on their case, which the investor can read.",
      action: (reason) => ({ kind: "approve-identity", reason }),
      done: "The identity is approved: the account is verified.",
    });
  }
  if (profile.banned) {
    list.push({ key: "unban", button: "Unban", hint: "They can sign in again.", action: (reason) => ({ kind: "unban", reason }), done: "The ban is lifted." });
  } else if (profile.role !== "admin") {
    list.push({
      key: "ban",
      button: "Ban",
      danger: true,
      hint: "Ends every session at once; they cannot sign in or move money until unbanned.",
      action: (reason) => ({ kind: "ban", reason }),
      done: "Banned; every session of theirs has ended.",
    });
  }
  if (profile.role === "admin") {
    list.push({
      key: "revoke",
      button: "Revoke admin",
      danger: true,
      hint: "Ends their sessions. The last admin's role cannot be revoked.",
      action: (reason) => ({ kind: "role", role: "user", reason }),
      done: "The admin role is revoked.",
    });
  } else if (!profile.banned) {
    list.push({
      key: "grant",
      button: "Grant admin",
      hint: "A second admin must approve it (Approvals). Then their sessions end; they sign in again with two-factor authentication for the back office.",
      action: (reason) => ({ kind: "role", role: "admin", reason }),
      done: "Sent to a second admin for approval; the role is granted once another admin approves it in Approvals.",
    });
  }
  return list;
}

/** Profile, status and the account actions, each with a reason. */
export function UserProfilePanel({ profile }: { profile: AdminUserProfile }) {
  const me = useSession().user?.id;
  const act = useUserAction(profile.id);
  const [open, setOpen] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const available = choices(profile, profile.id === me);
  const chosen = available.find((choice) => choice.key === open);

  const rows: Array<[string, string]> = [
    ["E-mail", profile.email],
    ["Name", profile.name || "—"],
    ["ID", profile.id],
    ["Role", profile.role === "admin" ? "Admin" : "User"],
    ["E-mail verified", profile.emailVerified ? "Yes" : "No"],
    ["Two-factor", profile.twoFactorEnabled ? "On" : "Off"],
    ["Identity", profile.verificationLevel === "verified" ? "Verified" : "Not verified"],
    ["Joined", formatDateTime(profile.createdAt)],
  ];
  if (profile.banned) rows.push(["Ban reason", profile.banReason ?? "—"]);
  if (profile.closedAt) rows.push(["Closed by its owner", formatDateTime(profile.closedAt)]);

  return (
    <section aria-label="Profile and status" className="flex flex-col gap-4 rounded-card border border-slate-200 bg-white p-5" data-testid="user-profile">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold break-all text-brand-900">{profile.email}</h2>
        <UserBadges user={profile} />
        {profile.closedAt && <Badge tone="neutral">Closed</Badge>}
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium break-all text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      {chosen ? (
        <ReasonForm
          label={`${chosen.button}: ${profile.email}`}
          submitLabel={chosen.button}
          hint={chosen.hint}
          danger={chosen.danger}
          send={async (reason) => {
            await act.mutateAsync(chosen.action(reason));
            return chosen.done;
          }}
          onOutcome={(next) => {
            setOutcome(next);
            setOpen(null);
          }}
          onCancel={() => setOpen(null)}
        />
      ) : (
        <div className="flex flex-wrap gap-3">
          {available.map((choice) => (
            <Button key={choice.key} variant={choice.danger ? "dangerOutline" : "secondary"} onClick={() => setOpen(choice.key)}>
              {choice.button}
            </Button>
          ))}
        </div>
      )}
    </section>
  );
}

import { subjectAnchor, type NotificationKind, type NotificationSubject } from "#shared/schemas/notifications.js";
import { VERIFICATION_PATH } from "#shared/schemas/verification.js";

type Target = { path: string; anchor?: NotificationSubject };

/**
 * Where each kind of notification leads: the page that lists its subject, and the anchor of the
 * subject's row there (the web scrolls to it). Transfers have no row of their own outside the
 * history, which is paged, so they open the history.
 */
const TARGETS: Record<NotificationKind, Target> = {
  deposit_confirmed: { path: "/dashboard", anchor: "deposit" },
  deposit_rejected: { path: "/dashboard", anchor: "deposit" },
  deposit_needs_review: { path: "/dashboard", anchor: "deposit" },
  investment_started: { path: "/dashboard/investment", anchor: "investment" },
  investment_maturing: { path: "/dashboard/investment", anchor: "investment" },
  investment_matured: { path: "/dashboard/investment", anchor: "investment" },
  investment_withdrawn_early: { path: "/dashboard/investment", anchor: "investment" },
  payout_requested: { path: "/dashboard/transaction", anchor: "payout" },
  payout_paid: { path: "/dashboard/transaction", anchor: "payout" },
  payout_rejected: { path: "/dashboard/transaction", anchor: "payout" },
  payout_cancelled: { path: "/dashboard/transaction", anchor: "payout" },
  transfer_received: { path: "/dashboard/transaction" },
  transfer_sent: { path: "/dashboard/transaction" },
  money_requested: { path: "/dashboard/recieve", anchor: "money-request" },
  money_request_paid: { path: "/dashboard/recieve", anchor: "money-request" },
  money_request_payment_sent: { path: "/dashboard/recieve", anchor: "money-request" },
  money_request_declined: { path: "/dashboard/recieve", anchor: "money-request" },
  verification_approved: { path: VERIFICATION_PATH },
  verification_rejected: { path: VERIFICATION_PATH },
  verification_resubmission_requested: { path: VERIFICATION_PATH },
  identity_expired: { path: VERIFICATION_PATH },
};

/**
 * The in-app link of a notification, derived from what is stored (kind and subject id) rather than
 * stored itself, so no row can hold a free URL and a moved page moves every old link with it.
 * Ids are ours (UUIDs), but they are encoded anyway.
 */
export function notificationLink(kind: string, subjectId: string | null): string | null {
  const target = Object.hasOwn(TARGETS, kind) ? TARGETS[kind as NotificationKind] : undefined;
  if (!target) return null;
  return target.anchor && subjectId ? `${target.path}#${subjectAnchor(target.anchor, encodeURIComponent(subjectId))}` : target.path;
}

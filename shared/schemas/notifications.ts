import * as z from "zod/mini";
import { cursorQueryFields, listOf } from "./paging.js";

/** Every kind of notification the server writes; the link each one shows is derived from it. */
export const NOTIFICATION_KINDS = [
  "deposit_confirmed",
  "deposit_rejected",
  /** An invoice paid short or late: it waits for the operator. */
  "deposit_needs_review",
  "investment_started",
  "investment_maturing",
  "investment_matured",
  "investment_withdrawn_early",
  "payout_requested",
  "payout_paid",
  "payout_rejected",
  "payout_cancelled",
  "transfer_received",
  "transfer_sent",
  "money_requested",
  "money_request_paid",
  /** To the payer of a money request: the one notice of their payment. */
  "money_request_payment_sent",
  "money_request_declined",
  /** An operator's decision on the investor's identity case. */
  "verification_approved",
  "verification_rejected",
  "verification_resubmission_requested",
  /** The identity document an operator approved has expired: the account is unverified again. */
  "identity_expired",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What a notification can be about; rows of these carry `subjectAnchor()` as their element id. */
export type NotificationSubject = "deposit" | "investment" | "payout" | "money-request";
/** The element id of a subject's row on its page: a notification's link ends in `#` and this. */
export const subjectAnchor = (subject: NotificationSubject, id: string) => `${subject}-${id}`;

export const NOTIFICATIONS_PAGE_SIZE = 20;
/** The bell shows the newest few; the rest are on /dashboard/notifications. */
export const BELL_PAGE_SIZE = 8;

export const notificationQuerySchema = z.object(cursorQueryFields);
export type NotificationQuery = z.infer<typeof notificationQuerySchema>;

export const notificationDto = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** The in-app page of what the notification is about, derived on the server from its kind and subject; null when there is none. */
  link: z.nullable(z.string()),
  readAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type NotificationDto = z.infer<typeof notificationDto>;

/** A page of the caller's notifications, newest first, and how many of all of them are unread (the bell's figure). */
export const notificationListDto = listOf(notificationDto, { unread: z.number() });
export type NotificationListDto = z.infer<typeof notificationListDto>;

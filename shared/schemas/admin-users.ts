import * as z from "zod/mini";
import { accountDto } from "./auth.js";
import { listQuery, orderedRanges, sortParam } from "./admin-list.js";
import { cursorQueryFields } from "./paging.js";
import { summaryDto } from "./ledger.js";
import { textField } from "./text.js";
import { CASE_STATUSES, VERIFICATION_LEVELS } from "./verification.js";

/** The users table (/dashboard/admin/users): the columns it can be sorted by, newest account first by default. */
export const USER_SORT_KEYS = ["createdAt", "email", "name", "role"] as const;

const flag = (name: string) => z.optional(z.enum(["true", "false"], `${name} must be true or false.`));

export const usersQuery = z.object({
  ...listQuery(sortParam(USER_SORT_KEYS, { key: "createdAt", direction: "desc" })),
  role: z.optional(z.enum(["user", "admin"], "role must be user or admin.")),
  emailVerified: flag("emailVerified"),
  twoFactor: flag("twoFactor"),
  banned: flag("banned"),
}).check(...orderedRanges);
export type UsersQuery = z.infer<typeof usersQuery>;

/** One row of the users table. */
export const adminUserRowDto = z.extend(accountDto, {
  banned: z.boolean(),
  createdAt: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRowDto>;

/** The account itself on the user detail screen: the table's row plus why and until when it is banned, and when its owner closed it. */
export const adminUserProfileDto = z.extend(adminUserRowDto, {
  banReason: z.nullable(z.string()),
  banExpires: z.nullable(z.string()),
  referralCode: z.nullable(z.string()),
  /** Whether an operator approved the account's identity (money leaves only verified accounts). */
  verificationLevel: z.enum(VERIFICATION_LEVELS),
  closedAt: z.nullable(z.string()),
  updatedAt: z.string(),
});
export type AdminUserProfile = z.infer<typeof adminUserProfileDto>;

/** Every per-user list on the detail screen is one page at a time, newest first, after its cursor. */
export const userListQuery = z.object(cursorQueryFields);

/** Every action on an account carries the operator's reason, kept in the audit log. */
export const actionReasonField = textField({
  label: "The reason",
  min: 3,
  max: 500,
  multiline: true,
  messages: { required: "Give a reason: it is kept in the audit log." },
});

export const userActionSchema = z.object({ reason: actionReasonField });
export type UserActionInput = z.infer<typeof userActionSchema>;

export const changeRoleSchema = z.object({ role: z.enum(["user", "admin"], "role must be user or admin."), reason: actionReasonField });
export type ChangeRoleInput = z.infer<typeof changeRoleSchema>;

export const adminTransferDto = z.object({
  id: z.string(),
  direction: z.enum(["sent", "received"]),
  counterparty: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  amountCents: z.number(),
  note: z.nullable(z.string()),
  createdAt: z.string(),
});
export type AdminTransferDto = z.infer<typeof adminTransferDto>;

export const adminSessionDto = z.object({
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string(),
  ipAddress: z.nullable(z.string()),
  userAgent: z.nullable(z.string()),
});
export type AdminSessionDto = z.infer<typeof adminSessionDto>;

export const userAuditEntryDto = z.object({
  id: z.string(),
  action: z.string(),
  actor: z.nullable(z.object({ id: z.string(), email: z.string() })),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type UserAuditEntry = z.infer<typeof userAuditEntryDto>;

/**
 * GET /api/admin/users/:id: the account and its figures, `summary` being exactly the answer the
 * user's own GET /api/me/summary gives (the same service computes both).
 */
export const adminUserDetailDto = z.object({
  profile: adminUserProfileDto,
  summary: summaryDto,
  /** The account's identity case, for a link to it in the queue; null before the investor starts one. */
  identityCase: z.nullable(z.object({ id: z.string(), status: z.enum(CASE_STATUSES) })),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailDto>;

import * as z from "zod/mini";
import { listOf } from "./paging.js";
import { actionReasonField } from "./admin-users.js";

/**
 * Four eyes (docs/security.md, "Four eyes"): what one admin asked for and a second must approve
 * before it happens. `summary` says in plain words what approving does.
 */
export const APPROVAL_KINDS = ["deposit_confirm", "role_grant", "plan_change"] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

export const APPROVAL_STATUSES = ["pending", "approved", "rejected"] as const;

const person = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const approvalDto = z.object({
  id: z.string(),
  kind: z.enum(APPROVAL_KINDS),
  targetType: z.string(),
  targetId: z.string(),
  /** What approving does, e.g. "Credit $1,000,000.00 to deposit TV-… (declared $1,000.00)". */
  summary: z.string(),
  /** The account it is about (a deposit's owner, the user given the role); null for a plan. */
  subject: z.nullable(person),
  reason: z.string(),
  requestedBy: person,
  requestedAt: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  decidedBy: z.nullable(person),
  decidedAt: z.nullable(z.string()),
  decisionReason: z.nullable(z.string()),
});
export type ApprovalDto = z.infer<typeof approvalDto>;

/** What a request that needs a second admin answers (202): nothing happened yet. */
export const pendingApprovalDto = z.object({ pendingApproval: approvalDto });
export type PendingApprovalDto = z.infer<typeof pendingApprovalDto>;

export const approvalsQuery = z.object({ status: z._default(z.enum(APPROVAL_STATUSES, "status must be pending, approved or rejected."), "pending") });

/** Bounded (the pending ones, or the latest decided): one page. */
export const approvalListDto = listOf(approvalDto);

export const approvalDecisionSchema = z.object({ reason: z.optional(actionReasonField) });
export const approvalRejectionSchema = z.object({ reason: actionReasonField });

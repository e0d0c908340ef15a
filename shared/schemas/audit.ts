import * as z from "zod/mini";
import { daysInOrder, formatParam, isoDateParam, matchingTotal, sortParam } from "./admin-list.js";
import { cursorQueryFields, listOf } from "./paging.js";
import { textField } from "./text.js";

export const AUDIT_SORT_KEYS = ["seq", "action", "actor"] as const;

/**
 * GET /api/admin/audit: `actor` is an account id or part of its e-mail, `target` a target id or
 * type, `action` an action or its beginning ("deposit." is every deposit decision). Newest first
 * unless `sort` says otherwise.
 */
export const auditListQuery = z.object({
  ...cursorQueryFields,
  sort: sortParam(AUDIT_SORT_KEYS, { key: "seq", direction: "desc" }),
  actor: z.optional(textField({ label: "Actor", max: 200 })),
  target: z.optional(textField({ label: "Target", max: 200 })),
  action: z.optional(textField({ label: "Action", max: 100 })),
  from: isoDateParam("from"),
  to: isoDateParam("to"),
  format: formatParam,
}).check(daysInOrder);
export type AuditListQuery = z.input<typeof auditListQuery>;

/** One entry as the back office shows it; `before`/`after` are the JSON the action recorded. */
export const auditEntryDto = z.object({
  id: z.string(),
  seq: z.number(),
  createdAt: z.string(),
  actorId: z.nullable(z.string()),
  actorEmail: z.nullable(z.string()),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  requestId: z.nullable(z.string()),
  hash: z.string(),
});
export type AuditEntryDto = z.infer<typeof auditEntryDto>;

export const auditListDto = listOf(auditEntryDto, matchingTotal);
export type AuditListDto = z.infer<typeof auditListDto>;

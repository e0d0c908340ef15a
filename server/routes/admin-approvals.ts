import { onePage } from "#shared/schemas/paging.js";
import { approvalDecisionSchema, approvalDto, approvalListDto, approvalRejectionSchema, approvalsQuery } from "#shared/schemas/approvals.js";
import type { AppDeps } from "../app-deps.js";
import { ApiRouter } from "../http/api-router.js";
import { listApprovals } from "../services/approvals/approval-dto.js";
import { approveRequest, rejectRequest } from "../services/approvals/decide-approval.js";
import { readBootstrap } from "../site.js";

/**
 * Four eyes: what one admin asked for (a deposit credited above its declared amount, the admin
 * role, a plan's new rate or term) waits here for a second admin, who approves (the change is made
 * then) or rejects it. Never the admin who asked, nor the account it is about.
 */
export function adminApprovalRoutes(deps: Pick<AppDeps, "auth" | "database" | "config" | "clock" | "pages">) {
  const { database, config, clock, pages } = deps;
  const db = database.db;
  return new ApiRouter("/api/admin/approvals", deps)
    .on(
      { method: "get", path: "/", summary: "Requests waiting for a second admin (status=pending), or decided ones, newest first", auth: "admin", query: approvalsQuery, response: approvalListDto },
      async (c, { query }) => c.json(onePage(await listApprovals(db, query.status))),
    )
    .on(
      {
        method: "post",
        path: "/:id/approve",
        summary: "Approve another admin's request: the change is made now (a deposit credited, the role granted, the plan's new terms live)",
        auth: "admin",
        body: approvalDecisionSchema,
        response: approvalDto,
        idempotent: true,
      },
      (c, { body }) => async (tx) => {
        const approved = await approveRequest(tx, config, c.get("user").id, c.req.param("id"), body.reason, clock.now());
        // A plan's new terms reach the pre-rendered public pages at once (other servers': decision 0043).
        const committed = approved.kind === "plan_change" ? async () => pages?.refresh(await readBootstrap(config.site, db)) : undefined;
        return { status: 200, body: approved, committed };
      },
    )
    .on(
      { method: "post", path: "/:id/reject", summary: "Reject another admin's request with a reason: nothing changes", auth: "admin", body: approvalRejectionSchema, response: approvalDto, idempotent: true },
      (c, { body }) => async (tx) => ({ status: 200, body: await rejectRequest(tx, c.get("user").id, c.req.param("id"), body.reason, clock.now()) }),
    );
}

import { approvalDecisionSchema, approvalDto, approvalListDto, approvalRejectionSchema, approvalsQuery } from "#shared/schemas/approvals.js";
import type { AppDeps } from "../app.js";
import { ApiRouter } from "../http/api-router.js";
import { runMoneyOperation, respond } from "../http/idempotency.js";
import { readJson, readQuery } from "../http/json-body.js";
import { requireAdmin, requireUser } from "../http/session.js";
import { listApprovals } from "../services/approvals/approval-dto.js";
import { approveRequest, rejectRequest } from "../services/approvals/decide-approval.js";
import { readBootstrap } from "../site.js";

/**
 * Four eyes: what one admin asked for (a deposit credited above its declared amount, the admin
 * role, a plan's new rate or term) waits here for a second admin, who approves (the change is made
 * then) or rejects it. Never the admin who asked, nor the account it is about.
 */
export function adminApprovalRoutes({ auth, database, config, clock, pages }: AppDeps) {
  const db = database.db;
  return new ApiRouter("/api/admin/approvals")
    .use(requireUser(auth, db), requireAdmin())
    .on(
      { method: "get", path: "/", summary: "Requests waiting for a second admin (status=pending), or decided ones, newest first", auth: "admin", query: approvalsQuery, response: approvalListDto },
      async (c) => c.json({ items: await listApprovals(db, readQuery(c, approvalsQuery).status) }),
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
      async (c) => {
        const { raw, value } = await readJson(c, approvalDecisionSchema);
        const outcome = await runMoneyOperation(c, db, c.get("user").id, raw, async (tx) => ({
          status: 200,
          body: await approveRequest(tx, config, c.get("user").id, c.req.param("id"), value.reason, clock.now()),
        }));
        // A plan's new terms reach the pre-rendered public pages at once (other servers': decision 0043).
        if ((outcome.result.body as { kind?: string }).kind === "plan_change" && !outcome.replayed) await pages?.refresh(await readBootstrap(config.site, db));
        return respond(c, outcome);
      },
    )
    .on(
      { method: "post", path: "/:id/reject", summary: "Reject another admin's request with a reason: nothing changes", auth: "admin", body: approvalRejectionSchema, response: approvalDto, idempotent: true },
      async (c) => {
        const { raw, value } = await readJson(c, approvalRejectionSchema);
        const outcome = await runMoneyOperation(c, db, c.get("user").id, raw, async (tx) => ({
          status: 200,
          body: await rejectRequest(tx, c.get("user").id, c.req.param("id"), value.reason, clock.now()),
        }));
        return respond(c, outcome);
      },
    );
}

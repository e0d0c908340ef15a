import * as z from "zod/mini";
import { formatCents } from "#shared/money.js";
import { creditInterestResultDto } from "#shared/schemas/admin.js";
import { pageOf } from "#shared/schemas/admin-list.js";
import {
  adminSessionDto,
  adminTransferDto,
  adminUserDetailDto,
  adminUserProfileDto,
  adminUserRowDto,
  changeRoleSchema,
  userActionSchema,
  userAuditEntryDto,
  userListQuery,
  usersQuery,
} from "#shared/schemas/admin-users.js";
import { pendingApprovalDto } from "#shared/schemas/approvals.js";
import { depositDto } from "#shared/schemas/deposits.js";
import { investmentDto } from "#shared/schemas/investments.js";
import { historyEntryDto } from "#shared/schemas/ledger.js";
import { payoutDto } from "#shared/schemas/payouts.js";
import { moneyRequestDto } from "#shared/schemas/money-requests.js";
import type { AppDeps } from "../app-deps.js";
import { ApiRouter } from "../http/api-router.js";
import { csvResponse } from "../http/csv-response.js";
import { creditInterest } from "../services/investments/credit-interest.js";
import { banUser, unbanUser } from "../services/users/ban-user.js";
import { changeRole } from "../services/users/change-role.js";
import { revokeSession } from "../services/users/end-sessions.js";
import { listUsers, usersCsv } from "../services/users/list-users.js";
import {
  userAuditEntries,
  userDeposits,
  userInvestments,
  userLedgerHistory,
  userMoneyRequests,
  userPayouts,
  userSessions,
  userTransfers,
  type PageRequest,
} from "../services/users/user-activity.js";
import { userDetail } from "../services/users/user-detail.js";

const ok = z.object({ ok: z.literal(true) });

/** The users table, one user's detail and lists, and the actions on an account, each audited with the operator's reason. */
export function adminUserRoutes(deps: Pick<AppDeps, "auth" | "database" | "config" | "clock">) {
  const { database, clock } = deps;
  const db = database.db;
  const router = new ApiRouter("/api/admin/users", deps)
    .on(
      {
        method: "get",
        path: "/",
        summary: "Users: search (e-mail, name, id), filters, sort, one page (format=csv for every match)",
        auth: "admin",
        query: usersQuery,
        response: pageOf(adminUserRowDto),
      },
      async (c, { query }) => {
        if (query.format === "csv") return csvResponse(c, "termvest-users.csv", await usersCsv(db, query));
        return c.json(await listUsers(db, query));
      },
    )
    .on(
      { method: "get", path: "/:id", summary: "One user: profile, status and the six figures as /api/me/summary gives them", auth: "admin", response: adminUserDetailDto },
      async (c) => c.json(await userDetail(db, c.req.param("id"))),
    );

  // The lists on the detail screen: one page each, newest first.
  const lists = [
    ["deposits", "Their deposits", depositDto, (id: string, page: PageRequest) => userDeposits(db, id, page)],
    ["investments", "Their investments", investmentDto, (id: string, page: PageRequest) => userInvestments(db, id, page, clock.now())],
    ["payouts", "Their payouts", payoutDto, (id: string, page: PageRequest) => userPayouts(db, id, page)],
    ["transfers", "Transfers they sent or received", adminTransferDto, (id: string, page: PageRequest) => userTransfers(db, id, page)],
    ["money-requests", "Money requests they made or were asked to pay", moneyRequestDto, (id: string, page: PageRequest) => userMoneyRequests(db, id, page)],
    ["history", "Their statement, as their own history shows it", historyEntryDto, (id: string, page: PageRequest) => userLedgerHistory(db, id, page)],
    ["sessions", "Their active sessions", adminSessionDto, (id: string, page: PageRequest) => userSessions(db, id, page, clock.now())],
    ["audit", "Audit entries about them and their deposits, payouts and investments", userAuditEntryDto, (id: string, page: PageRequest) => userAuditEntries(db, id, page)],
  ] as const;
  for (const [path, summary, item, read] of lists) {
    router.on({ method: "get", path: `/:id/${path}`, summary, auth: "admin", query: userListQuery, response: pageOf(item) }, async (c, { query }) =>
      c.json(await read(c.req.param("id"), query)),
    );
  }

  return router
    .on(
      { method: "post", path: "/:id/ban", summary: "Ban an account and end its sessions (audited with the reason)", auth: "admin", body: userActionSchema, response: adminUserProfileDto },
      async (c, { body }) => c.json(await db.transaction((tx) => banUser(tx, c.get("user").id, c.req.param("id"), body.reason, clock.now()))),
    )
    .on(
      { method: "post", path: "/:id/unban", summary: "Lift a ban (audited with the reason)", auth: "admin", body: userActionSchema, response: adminUserProfileDto },
      async (c, { body }) => c.json(await db.transaction((tx) => unbanUser(tx, c.get("user").id, c.req.param("id"), body.reason, clock.now()))),
    )
    .on(
      {
        method: "post",
        path: "/:id/role",
        summary: "Revoke the admin role (never the last admin's), or ask to grant it: a grant waits for a second admin (202); audited with the reason",
        auth: "admin",
        body: changeRoleSchema,
        response: adminUserProfileDto,
        pending: pendingApprovalDto,
      },
      async (c, { body }) => {
        const changed = await db.transaction((tx) => changeRole(tx, c.get("user").id, c.req.param("id"), body.role, body.reason, clock.now()));
        return "profile" in changed ? c.json(changed.profile) : c.json(changed, 202);
      },
    )
    .on(
      { method: "post", path: "/:id/sessions/:sessionId/revoke", summary: "End one of their sessions (audited with the reason)", auth: "admin", body: userActionSchema, response: ok },
      async (c, { body }) => {
        await db.transaction((tx) => revokeSession(tx, c.get("user").id, c.req.param("id"), c.req.param("sessionId"), body.reason));
        return c.json({ ok: true as const });
      },
    )
    .on(
      {
        method: "post",
        path: "/:id/credit-interest",
        summary: "Pay the interest a user's matured investments are owed now (audited with the reason)",
        auth: "admin",
        body: userActionSchema,
        response: creditInterestResultDto,
        idempotent: true,
      },
      (c, { body }) => async (tx) => {
        const userId = c.req.param("id");
        const credited = await creditInterest(tx, c.get("user").id, userId, clock.now(), body.reason);
        const message =
          credited.settled === 0
            ? `No interest is due for ${userId} right now.`
            : `Successfully updated interest for ${userId}. Paid ${credited.settled} matured investment${credited.settled === 1 ? "" : "s"}, ${formatCents(credited.profitCents)} in profit.`;
        return { status: 200, body: { settled: credited.settled, profitCents: Number(credited.profitCents), message } };
      },
    );
}

import * as z from "zod/mini";
import { formatCents } from "#shared/money.js";
import { creditInterestResultDto } from "#shared/schemas/admin.js";
import { matchingTotal } from "#shared/schemas/admin-list.js";
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
import { adminVerificationDto, approveIdentitySchema } from "#shared/schemas/verification.js";
import { depositDto } from "#shared/schemas/deposits.js";
import { investmentDto } from "#shared/schemas/investments.js";
import { historyEntryDto } from "#shared/schemas/ledger.js";
import { payoutDto } from "#shared/schemas/payouts.js";
import { moneyRequestDto } from "#shared/schemas/money-requests.js";
import { listOf } from "#shared/schemas/paging.js";
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
  type UserListRequest,
} from "../services/users/user-activity.js";
import { userDetail } from "../services/users/user-detail.js";
import { approveIdentity } from "../services/verification/approve-identity.js";
import { readAdminCase } from "../services/verification/read-admin-case.js";

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
        summary: "Users: search (e-mail, name, id), filters, sort, one page after the cursor with the total (format=csv for every match)",
        auth: "admin",
        query: usersQuery,
        response: listOf(adminUserRowDto, matchingTotal),
      },
      async (c, { query }) => {
        if (query.format === "csv") return csvResponse(c, "termvest-users.csv", await usersCsv(database.replica, query));
        return c.json(await listUsers(database.replica, query));
      },
    )
    .on(
      { method: "get", path: "/:id", summary: "One user: profile, status and the six figures as /api/me/summary gives them", auth: "admin", response: adminUserDetailDto },
      async (c) => c.json(await userDetail(db, c.req.param("id"))),
    );

  // The lists on the detail screen: one keyset page each, newest first, with the list's total.
  const lists = [
    ["deposits", "Their deposits", depositDto, (id: string, page: UserListRequest) => userDeposits(db, id, page)],
    ["investments", "Their investments", investmentDto, (id: string, page: UserListRequest) => userInvestments(db, id, page, clock.now())],
    ["payouts", "Their payouts", payoutDto, (id: string, page: UserListRequest) => userPayouts(db, id, page)],
    ["transfers", "Transfers they sent or received", adminTransferDto, (id: string, page: UserListRequest) => userTransfers(db, id, page)],
    ["money-requests", "Money requests they made or were asked to pay", moneyRequestDto, (id: string, page: UserListRequest) => userMoneyRequests(db, id, page)],
    ["history", "Their statement, as their own history shows it", historyEntryDto, (id: string, page: UserListRequest) => userLedgerHistory(db, id, page)],
    ["sessions", "Their active sessions", adminSessionDto, (id: string, page: UserListRequest) => userSessions(db, id, page, clock.now())],
    ["audit", "Audit entries about them and their deposits, payouts and investments", userAuditEntryDto, (id: string, page: UserListRequest) => userAuditEntries(db, id, page)],
  ] as const;
  for (const [path, summary, item, read] of lists) {
    router.on({ method: "get", path: `/:id/${path}`, summary, auth: "admin", query: userListQuery, response: listOf(item, matchingTotal) }, async (c, { query }) =>
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
        path: "/:id/identity/approve",
        summary: "Approve an account's identity checked another way (reason: how): its case, made if it has none, becomes approved; never one's own; audited, the investor told",
        auth: "admin",
        body: approveIdentitySchema,
        response: adminVerificationDto,
      },
      async (c, { body }) =>
        c.json(
          await db.transaction(async (tx) => readAdminCase(tx, await approveIdentity(tx, c.get("user").id, c.req.param("id"), body.reason, clock.now()))),
        ),
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

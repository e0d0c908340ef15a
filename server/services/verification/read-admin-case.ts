import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AdminVerificationDto } from "#shared/schemas/verification.js";
import type { DbExecutor } from "#server/db/client.js";
import { deposit, identityCase, user } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import { currentDocuments, toCaseFields } from "./case-dto.js";

const assignee = alias(user, "assignee");
const decider = alias(user, "decider");

/**
 * The account's deposits so far, in cents: claims still waiting (a bank or crypto claim before the
 * operator decides it, an invoice not yet settled) at their claimed amount, and what was credited
 * (confirmed or settled) at the amount received. `count` is the deposits behind those two figures.
 */
async function depositFigures(db: DbExecutor, userId: string): Promise<AdminVerificationDto["deposits"]> {
  const waiting = sql`${deposit.status} in ('pending', 'new', 'processing')`;
  const credited = sql`${deposit.status} in ('confirmed', 'settled')`;
  const [row] = await db
    .select({
      count: sql<number>`count(*) filter (where ${waiting} or ${credited})::int`,
      pending: sql<string>`coalesce(sum(${deposit.amountCents}) filter (where ${waiting}), 0)::text`,
      credited: sql<string>`coalesce(sum(coalesce(${deposit.receivedCents}, ${deposit.amountCents})) filter (where ${credited}), 0)::text`,
    })
    .from(deposit)
    .where(eq(deposit.userId, userId));
  return { count: row?.count ?? 0, pendingCents: Number(row?.pending ?? 0), creditedCents: Number(row?.credited ?? 0) };
}

/**
 * One case as the operator reviews it: the investor's data and current files, the account (its
 * level, whether its e-mail is verified, when it opened), who is working on it and who decided it,
 * and the account's deposits so far. NOT_FOUND for an unknown id.
 */
export async function readAdminCase(db: DbExecutor, caseId: string): Promise<AdminVerificationDto> {
  const [row] = await db
    .select({
      identityCase,
      user: { id: user.id, name: user.name, email: user.email, createdAt: user.createdAt, level: user.verificationLevel, emailVerified: user.emailVerified },
      assignee: { id: assignee.id, name: assignee.name, email: assignee.email },
      decidedBy: { id: decider.id, name: decider.name, email: decider.email },
    })
    .from(identityCase)
    .innerJoin(user, eq(user.id, identityCase.userId))
    .leftJoin(assignee, eq(assignee.id, identityCase.assigneeId))
    .leftJoin(decider, eq(decider.id, identityCase.decidedBy))
    .where(eq(identityCase.id, caseId));
  if (!row) throw new AppError("NOT_FOUND", "No such identity case.");
  // One after the other: inside a decision's transaction both run on its one connection.
  const documents = await currentDocuments(db, caseId);
  const deposits = await depositFigures(db, row.user.id);
  return {
    ...toCaseFields(row.identityCase, documents),
    user: { ...row.user, createdAt: row.user.createdAt.toISOString(), level: row.user.level === "verified" ? "verified" : "unverified" },
    assignee: row.assignee,
    decidedBy: row.decidedBy,
    deposits,
  };
}

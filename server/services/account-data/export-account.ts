import { and, asc, eq, or, sql } from "drizzle-orm";
import type { AccountExportDto } from "#shared/schemas/account-data.js";
import type { ContactStatus } from "#shared/schemas/contact-inbox.js";
import type { VerificationLevel } from "#shared/schemas/verification.js";
import type { Database, DbExecutor } from "#server/db/client.js";
import { auditLog, contactMessage, identityCase, identityDocument, notification, session, user, withdrawalAddress } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import { auditAboutUser } from "../audit/about-user.js";
import { toCaseFields } from "../verification/case-dto.js";
import { exportDeposits, exportInvestments, exportLedger, exportMoneyRequests, exportPayouts, exportTransfers } from "./export-money.js";

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * Everything held about the caller's account, as one JSON document (GET /api/me/export; docs/security.md,
 * "Your data and closing an account"). Read in one REPEATABLE READ, read-only transaction, so every
 * section is the same moment. Left out on purpose: the password hash, session tokens, the two-factor
 * secret and backup codes, e-mail confirmation tokens, and the identity files' bytes (only their
 * description); operators are never named.
 */
export async function exportAccount(db: Database, userId: string, now: Date): Promise<AccountExportDto> {
  return db.transaction(
    async (tx) => {
      const [owner] = await tx.select().from(user).where(eq(user.id, userId));
      if (!owner) throw new AppError("NOT_FOUND", "This account no longer exists.");
      const [referrer] = owner.referredBy ? await tx.select({ code: user.referralCode }).from(user).where(eq(user.id, owner.referredBy)) : [];
      const deposits = await exportDeposits(tx, userId);
      return {
        format: "termvest-account-data",
        version: 1,
        exportedAt: now.toISOString(),
        profile: {
          id: owner.id,
          name: owner.name,
          email: owner.email,
          emailVerified: owner.emailVerified,
          role: owner.role,
          createdAt: owner.createdAt.toISOString(),
          referralCode: owner.referralCode,
          referredByCode: referrer?.code ?? null,
          verificationLevel: owner.verificationLevel as VerificationLevel,
          closedAt: iso(owner.closedAt),
        },
        consents: { consentedAt: iso(owner.consentedAt), termsVersion: owner.termsVersion, riskVersion: owner.riskVersion },
        security: { twoFactorEnabled: owner.twoFactorEnabled },
        sessions: await exportSessions(tx, userId),
        identity: await exportIdentity(tx, userId),
        ...deposits,
        investments: await exportInvestments(tx, userId, now),
        payouts: await exportPayouts(tx, userId),
        transfers: await exportTransfers(tx, userId),
        moneyRequests: await exportMoneyRequests(tx, userId),
        notifications: await exportNotifications(tx, userId),
        contactMessages: await exportContactMessages(tx, owner.email),
        withdrawalAddresses: await exportWithdrawalAddresses(tx, userId),
        ledger: await exportLedger(tx, userId),
        audit: await exportAudit(tx, userId),
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** Sessions as stored, never their tokens. */
async function exportSessions(db: DbExecutor, userId: string): Promise<AccountExportDto["sessions"]> {
  const rows = await db
    .select({
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
      expiresAt: session.expiresAt,
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
      secondFactor: session.secondFactor,
    })
    .from(session)
    .where(eq(session.userId, userId))
    .orderBy(asc(session.createdAt));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString(), expiresAt: row.expiresAt.toISOString() }));
}

/** The identity case's data and every file's description (replaced and purged ones too); never the files. */
async function exportIdentity(db: DbExecutor, userId: string): Promise<AccountExportDto["identity"]> {
  const [row] = await db.select().from(identityCase).where(eq(identityCase.userId, userId));
  if (!row) return null;
  const documents = await db
    .select({
      id: identityDocument.id,
      fileName: identityDocument.fileName,
      contentType: identityDocument.contentType,
      sizeBytes: identityDocument.sizeBytes,
      sha256: identityDocument.sha256,
      createdAt: identityDocument.createdAt,
      replacedAt: identityDocument.replacedAt,
      purgedAt: identityDocument.purgedAt,
    })
    .from(identityDocument)
    .where(and(eq(identityDocument.caseId, row.id), eq(identityDocument.userId, userId)))
    .orderBy(asc(identityDocument.createdAt), asc(identityDocument.id));
  // The fields as the verification screen maps them; the files as kept, replaced and purged ones too.
  const { documents: _current, ...fields } = toCaseFields(row, []);
  return {
    ...fields,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    documents: documents.map((document) => ({
      ...document,
      createdAt: document.createdAt.toISOString(),
      replacedAt: iso(document.replacedAt),
      purgedAt: iso(document.purgedAt),
    })),
  };
}

async function exportNotifications(db: DbExecutor, userId: string): Promise<AccountExportDto["notifications"]> {
  const rows = await db
    .select({ id: notification.id, kind: notification.kind, title: notification.title, body: notification.body, readAt: notification.readAt, createdAt: notification.createdAt })
    .from(notification)
    .where(eq(notification.userId, userId))
    .orderBy(asc(notification.createdAt), asc(notification.id));
  return rows.map((row) => ({ ...row, readAt: iso(row.readAt), createdAt: row.createdAt.toISOString() }));
}

/**
 * What was written to us through the contact form with the account's e-mail address (anyone can type
 * an address there, but our replies went to that mailbox already), with our reply; the operator who
 * replied is not named.
 */
async function exportContactMessages(db: DbExecutor, email: string): Promise<AccountExportDto["contactMessages"]> {
  const rows = await db
    .select({
      id: contactMessage.id,
      subject: contactMessage.subject,
      message: contactMessage.message,
      status: contactMessage.status,
      reply: contactMessage.replyText,
      repliedAt: contactMessage.repliedAt,
      createdAt: contactMessage.createdAt,
    })
    .from(contactMessage)
    .where(sql`lower(${contactMessage.email}) = lower(${email})`)
    .orderBy(asc(contactMessage.createdAt), asc(contactMessage.id));
  // The table's check holds the status to these three.
  return rows.map((row) => ({ ...row, status: row.status as ContactStatus, repliedAt: iso(row.repliedAt), createdAt: row.createdAt.toISOString() }));
}

/** Every address the investor added, removed ones too; never the confirmation token's hash. */
async function exportWithdrawalAddresses(db: DbExecutor, userId: string): Promise<AccountExportDto["withdrawalAddresses"]> {
  const rows = await db
    .select({
      id: withdrawalAddress.id,
      address: withdrawalAddress.address,
      label: withdrawalAddress.label,
      confirmedAt: withdrawalAddress.confirmedAt,
      usableFrom: withdrawalAddress.usableFrom,
      removedAt: withdrawalAddress.removedAt,
      createdAt: withdrawalAddress.createdAt,
    })
    .from(withdrawalAddress)
    .where(eq(withdrawalAddress.userId, userId))
    .orderBy(asc(withdrawalAddress.createdAt), asc(withdrawalAddress.id));
  return rows.map((row) => ({ ...row, confirmedAt: iso(row.confirmedAt), usableFrom: iso(row.usableFrom), removedAt: iso(row.removedAt), createdAt: row.createdAt.toISOString() }));
}

/**
 * The audit entries about the account or its records (auditAboutUser), whole; and those the investor
 * made about anything else (an admin's own work on other accounts), as the bare fact that they
 * acted, without the other record's id or contents. Operators are "operator", never named.
 */
async function exportAudit(db: DbExecutor, userId: string): Promise<AccountExportDto["audit"]> {
  const about = auditAboutUser(db, userId);
  const rows = await db
    .select({ entry: auditLog, about: sql<boolean>`(${about})` })
    .from(auditLog)
    .where(or(about, eq(auditLog.actorId, userId)))
    .orderBy(asc(auditLog.seq));
  return rows.map(({ entry, about: own }) => ({
    id: entry.id,
    action: entry.action,
    actor: entry.actorId === userId ? "you" : entry.actorId ? "operator" : "system",
    targetType: entry.targetType,
    targetId: own ? entry.targetId : null,
    before: own ? entry.before : null,
    after: own ? entry.after : null,
    createdAt: entry.createdAt.toISOString(),
  }));
}

import { and, eq, inArray, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, identityCase, identityDocument, notification, outgoingMail, user } from "#server/db/schema.js";
import type { JobDeps } from "#server/jobs/deps.js";
import { expireIdentityDocumentsJob } from "#server/jobs/handlers/expire-identity-documents.js";
import { purgeIdentityFilesJob } from "#server/jobs/handlers/purge-identity-files.js";
import { createLogger } from "#server/logger.js";
import { EXPIRY_NOTICE_MAIL_KIND, expireIdentityDocuments } from "#server/services/verification/expire-identity-documents.js";
import { purgeIdentityFiles } from "#server/services/verification/purge-identity-files.js";
import { approveCase, dayOf, submission, TINY_JPEG, TINY_PNG, tinyPdf, uploadFile } from "./helpers/identity.js";
import { person as newPerson, type Person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";

const suite = serverSuite();
const db = () => suite.database.handle.db;
const clock = () => suite.server.clock;
const DAY = 86_400_000;
const KYC = { unverifiedDepositLimitCents: 100_000n, retentionYears: 5 };
/** The jobs as pg-boss runs them, on the server's database and clock. */
const jobDeps = () => ({ db: db(), clock: clock(), logger: createLogger("silent"), kyc: KYC }) as unknown as JobDeps;
const runExpiry = () => expireIdentityDocuments(db(), clock().now(), KYC);

/** An investor whose case an operator approved, with a document that expires `expiresInDays` from the server's today. */
async function approvedInvestor(expiresInDays: number): Promise<Person & { caseId: string; expiresOn: string }> {
  const investor = await newPerson(suite, { identity: false });
  expect((await uploadFile(suite.server.url, investor, { bytes: TINY_JPEG, name: "passport.jpg" })).status).toBe(201);
  const expiresOn = dayOf(clock().now(), expiresInDays);
  const submitted = await investor.client.post("/api/me/verification", submission(dayOf(clock().now()), { documentExpiresOn: expiresOn }));
  expect(submitted.status, await submitted.clone().text()).toBe(200);
  await approveCase(db(), investor.id, clock().now());
  const [row] = await db().select().from(identityCase).where(eq(identityCase.userId, investor.id));
  return { ...investor, caseId: row!.id, expiresOn };
}
const caseOf = async (caseId: string) => (await db().select().from(identityCase).where(eq(identityCase.id, caseId)))[0]!;
const levelOf = async (userId: string) => (await db().select({ level: user.verificationLevel }).from(user).where(eq(user.id, userId)))[0]?.level;
const noticesTo = (email: string) => db().select().from(outgoingMail).where(and(eq(outgoingMail.to, email), eq(outgoingMail.kind, EXPIRY_NOTICE_MAIL_KIND)));

describe("identity documents that expire", () => {
  it("tell their investor once, from 30 days before the expiry, whatever the number of runs", async () => {
    const investor = await approvedInvestor(45);
    const later = await approvedInvestor(200);
    await runExpiry();
    expect(await noticesTo(investor.email)).toHaveLength(0);
    // 31 days before: not yet.
    clock().advance(14 * DAY);
    await runExpiry();
    expect(await noticesTo(investor.email)).toHaveLength(0);
    // 30 days before: the notice, once, however many servers run the job at once.
    clock().advance(DAY);
    const [first, second] = await Promise.all([runExpiry(), runExpiry(), expireIdentityDocumentsJob(jobDeps())([])]);
    expect(first.noticed + second.noticed).toBeLessThanOrEqual(1);
    const [notice, ...more] = await noticesTo(investor.email);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ subject: "Your identity document expires soon", link: "/dashboard/verification" });
    expect(notice?.text).toContain(`expires on ${investor.expiresOn}. Upload a new one at /dashboard/verification`);
    expect((await caseOf(investor.caseId)).expiryNoticeAt).toBeInstanceOf(Date);
    expect(await runExpiry()).toEqual({ expired: 0, noticed: 0 });
    expect(await noticesTo(investor.email)).toHaveLength(1);
    expect(await noticesTo(later.email)).toHaveLength(0);
    // Still approved, still verified, until the day after the expiry.
    expect((await caseOf(investor.caseId)).status).toBe("approved");
  });

  it("expire the day after their expiry date: the case expired, the account unverified, told in the app and by e-mail, audited, once", async () => {
    const investor = await approvedInvestor(3);
    const other = await approvedInvestor(100);
    // On the expiry day the document is still valid.
    clock().advance(3 * DAY);
    expect((await runExpiry()).expired).toBe(0);
    expect(await levelOf(investor.id)).toBe("verified");

    clock().advance(DAY);
    const runs = await Promise.all([runExpiry(), runExpiry()]);
    expect(runs.reduce((sum, run) => sum + run.expired, 0)).toBe(1);
    expect((await caseOf(investor.caseId)).status).toBe("expired");
    expect(await levelOf(investor.id)).toBe("unverified");
    expect((await caseOf(other.caseId)).status).toBe("approved");
    expect(await levelOf(other.id)).toBe("verified");

    const notices = await db().select().from(notification).where(and(eq(notification.userId, investor.id), eq(notification.kind, "identity_expired")));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.body).toContain(`expired on ${investor.expiresOn}. Until you verify again, you can deposit up to $1,000.00 in total`);
    const listed = await (await investor.client.get("/api/notifications")).json();
    expect(listed.items[0]).toMatchObject({ kind: "identity_expired", link: "/dashboard/verification" });
    const mails = await db().select().from(outgoingMail).where(and(eq(outgoingMail.to, investor.email), eq(outgoingMail.kind, "identity_expired")));
    expect(mails).toHaveLength(1);
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.action, "verification.expire"), eq(auditLog.targetId, investor.caseId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: null, after: { status: "expired", level: "unverified", documentExpiresOn: investor.expiresOn } });

    // Again, through the job itself: nothing more.
    await expireIdentityDocumentsJob(jobDeps())([]);
    expect(await runExpiry()).toEqual({ expired: 0, noticed: 0 });
    expect(await db().select().from(notification).where(and(eq(notification.userId, investor.id), eq(notification.kind, "identity_expired")))).toHaveLength(1);

    // What the investor sees: unverified, limited, and a case they can renew.
    const view = await (await investor.client.get("/api/me/verification")).json();
    expect(view).toMatchObject({ level: "unverified", case: { status: "expired" }, limits: { depositLimitCents: 100_000, moneyOutAllowed: false } });
    expect((await uploadFile(suite.server.url, investor, { bytes: TINY_PNG, name: "new passport.png" })).status).toBe(201);
    const renewed = await investor.client.post("/api/me/verification", submission(dayOf(clock().now()), { documentExpiresOn: dayOf(clock().now(), 3650) }));
    expect(renewed.status, await renewed.clone().text()).toBe(200);
    expect((await caseOf(investor.caseId)).expiryNoticeAt).toBeNull();
  });
});

describe("identity files after an account closes", () => {
  it("are deleted, with what the investor gave on the case, once the retention years have passed, each case's count audited, once", async () => {
    const closing = await newPerson(suite, { identity: false });
    const staying = await newPerson(suite, { identity: false });
    for (const [who, name] of [
      [closing, "front.jpg"],
      [closing, "back.pdf"],
      [staying, "mine.png"],
    ] as const) {
      expect((await uploadFile(suite.server.url, who, { bytes: name.endsWith(".pdf") ? tinyPdf() : TINY_JPEG, name })).status).toBe(201);
    }
    // One removed file: kept as evidence until now, deleted with the rest.
    const removed = (await db().select().from(identityDocument).where(eq(identityDocument.userId, closing.id)))[0]!;
    expect((await closing.client.request(`/api/me/verification/documents/${removed.id}`, { method: "DELETE" })).status).toBe(200);
    // What each investor gave on the case, which goes with the files.
    const given = { legalName: "Tolu Adeyemi", dateOfBirth: "1990-05-17", address: "12 Marina Road, Lagos", documentNumber: "A01234567", documentCountry: "NG" };
    for (const who of [closing, staying]) await db().update(identityCase).set(given).where(eq(identityCase.userId, who.id));
    const closedAt = clock().now();
    await db().update(user).set({ closedAt }).where(eq(user.id, closing.id));
    const filesOf = (userId: string) => db().select().from(identityDocument).where(eq(identityDocument.userId, userId));

    expect(await purgeIdentityFiles(db(), clock().now(), KYC)).toBe(0);
    // A day short of five calendar years: kept.
    const fiveYearsOn = new Date(closedAt);
    fiveYearsOn.setUTCFullYear(fiveYearsOn.getUTCFullYear() + 5);
    clock().advance(fiveYearsOn.getTime() - clock().now().getTime() - DAY);
    expect(await purgeIdentityFiles(db(), clock().now(), KYC)).toBe(0);
    expect((await filesOf(closing.id)).every((file) => file.content !== null && file.purgedAt === null)).toBe(true);

    clock().advance(2 * DAY);
    const runs = await Promise.all([purgeIdentityFiles(db(), clock().now(), KYC), purgeIdentityFiles(db(), clock().now(), KYC)]);
    expect(runs[0]! + runs[1]!).toBe(2);
    for (const file of await filesOf(closing.id)) {
      expect(file).toMatchObject({ content: null, wrappedKey: null, purgedAt: expect.any(Date) });
      // What was received stays provable: its type, size and digest.
      expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
    expect((await filesOf(staying.id)).every((file) => file.content !== null && file.purgedAt === null)).toBe(true);
    const [caseRow] = await db().select().from(identityCase).where(eq(identityCase.userId, closing.id));
    expect(caseRow).toMatchObject({ legalName: null, dateOfBirth: null, address: null, documentNumber: null, documentCountry: null, personalDataPurgedAt: expect.any(Date) });
    const [stayingCase] = await db().select().from(identityCase).where(eq(identityCase.userId, staying.id));
    expect(stayingCase).toMatchObject({ ...given, personalDataPurgedAt: null });
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.action, "verification.purge_files"), eq(auditLog.targetId, caseRow!.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: null, after: { filesDeleted: 2, personalDataCleared: true, retentionYears: 5 } });

    await purgeIdentityFilesJob(jobDeps())([]);
    expect(await purgeIdentityFiles(db(), clock().now(), KYC)).toBe(0);
    expect(await db().select().from(auditLog).where(and(eq(auditLog.action, "verification.purge_files"), inArray(auditLog.targetId, [caseRow!.id])))).toHaveLength(1);
    expect(await db().select().from(identityDocument).where(and(eq(identityDocument.userId, closing.id), isNull(identityDocument.purgedAt)))).toEqual([]);
  });
});

import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, identityCase, identityDocument, notification, outgoingMail, user as userTable } from "#server/db/schema.js";
import { MESSAGES } from "#shared/schemas/auth.js";
import type { AdminVerificationDto } from "#shared/schemas/verification.js";
import { bankDepositBody } from "./helpers/deposits.js";
import { SAMPLE_FILES, submittedCase, type CaseOptions } from "./helpers/identity-cases.js";
import { person, type Person } from "./helpers/people.js";
import { samples } from "./helpers/prometheus-text.js";
import { serverSuite } from "./helpers/suite.js";
import { uniqueEmail } from "./helpers/test-server.js";

const TOKEN = "metrics-token-for-the-identity-queue-0123";
const suite = serverSuite({ METRICS_TOKEN: TOKEN });
const db = () => suite.database.handle.db;
const DAY = 86_400_000;
const BASE = "/api/admin/verifications";

const ok = async <T = AdminVerificationDto>(response: Response): Promise<T> => {
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json() as Promise<T>;
};
const refused = async (response: Response, status: number) => {
  expect(response.status, await response.clone().text()).toBe(status);
  return ((await response.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
};

/** An investor (identity not verified yet) with a submitted case made directly in the database. */
async function investorWithCase(options: CaseOptions & { name?: string; funds?: bigint } = {}) {
  const investor = await person(suite, { identity: false, name: options.name ?? "Adeola Bankole", funds: options.funds });
  const made = await submittedCase(db(), suite.server.config, investor.id, options);
  return { investor, ...made };
}

const caseRow = async (caseId: string) => (await db().select().from(identityCase).where(eq(identityCase.id, caseId)))[0]!;
const levelOf = async (userId: string) => (await db().select({ level: userTable.verificationLevel }).from(userTable).where(eq(userTable.id, userId)))[0]!.level;
const auditsOf = (caseId: string) => db().select().from(auditLog).where(and(eq(auditLog.targetType, "identity_case"), eq(auditLog.targetId, caseId)));
const assign = (admin: Person, caseId: string, body: object = {}) => admin.client.post(`${BASE}/${caseId}/assign`, body);
const decide = (admin: Person, caseId: string, body: object) => admin.client.post(`${BASE}/${caseId}/decision`, body);
const scrape = async () => samples(await (await fetch(new URL("/metrics", suite.server.url), { headers: { Authorization: `Bearer ${TOKEN}` } })).text());

describe("the identity queue's figures on /metrics", () => {
  // First in the file: no case exists yet, so the empty queue's figures are known.
  it("counts the open cases and ages the oldest submission, 0 when none waits", async () => {
    const empty = await scrape();
    expect(empty.get("termvest_verifications_pending")).toBe(0);
    expect(empty.get("termvest_verifications_oldest_seconds")).toBe(0);

    await investorWithCase({ submittedAt: new Date(Date.now() - 5 * DAY) });
    await investorWithCase({ status: "in_review" });
    await investorWithCase({ status: "draft" });
    const after = await scrape();
    expect(after.get("termvest_verifications_pending")).toBe(2);
    expect(after.get("termvest_verifications_oldest_seconds")).toBeGreaterThanOrEqual(5 * 86_400);
    expect(after.get("termvest_verifications_oldest_seconds")).toBeLessThan(5 * 86_400 + 600);
  });
});

describe("who may use the queue", () => {
  it("is for admins who passed the second factor: 401 signed out, 403 to an investor and to an admin without two-factor", async () => {
    const { investor, caseId, documents } = await investorWithCase();
    const paths = ["", `/${caseId}`, `/${caseId}/documents/${documents[0]!.id}`];
    const noTwoFactor = await person(suite, { admin: true, twoFactor: false });
    for (const path of paths) {
      expect((await suite.server.client().get(`${BASE}${path}`)).status, path).toBe(401);
      expect((await refused(await investor.client.get(`${BASE}${path}`), 403)).code, path).toBe("FORBIDDEN");
      expect(await refused(await noTwoFactor.client.get(`${BASE}${path}`), 403), path).toEqual({ code: "TWO_FACTOR_REQUIRED", message: MESSAGES.twoFactorRequired });
    }
    for (const action of ["assign", "decision"]) {
      expect((await refused(await investor.client.post(`${BASE}/${caseId}/${action}`, { decision: "approve" }), 403)).code).toBe("FORBIDDEN");
    }
    expect((await refused(await investor.client.post(`/api/admin/users/${investor.id}/identity/approve`, { reason: "I say so" }), 403)).code).toBe("FORBIDDEN");
    expect((await caseRow(caseId)).status).toBe("submitted");
    expect(await levelOf(investor.id)).toBe("unverified");
    expect(await auditsOf(caseId)).toEqual([]);
  });
});

describe("the list", () => {
  it("filters (open by default on the screen), searches, sorts oldest submission first, pages and exports", async () => {
    const admin = await person(suite, { admin: true, name: "Olu Operator" });
    const tag = `kq${Date.now().toString(36)}`;
    const now = Date.now();
    const oldest = await investorWithCase({ name: `${tag} One`, submittedAt: new Date(now - 3 * DAY), legalName: `Legal ${tag} Alpha` });
    const middle = await investorWithCase({ name: `${tag} Two`, submittedAt: new Date(now - 2 * DAY), files: [SAMPLE_FILES.png(), SAMPLE_FILES.pdf()] });
    const newest = await investorWithCase({ name: `${tag} Three`, submittedAt: new Date(now - DAY) });
    const draft = await investorWithCase({ name: `${tag} Four`, status: "draft", createdAt: new Date(now - 4 * DAY) });
    await ok(await assign(admin, middle.caseId));
    await ok(await assign(admin, newest.caseId));
    await ok(await decide(admin, newest.caseId, { decision: "approve" }));

    type List = { items: Array<{ id: string; status: string; documentCount: number; assignee: { name: string } | null; user: { email: string } }>; nextCursor: string | null; total: number };
    const read = async (query: string) => ok<List>(await admin.client.get(`${BASE}?q=${tag}&${query}`));

    const open = await read("status=open");
    expect(open.items.map((item) => item.id)).toEqual([oldest.caseId, middle.caseId]);
    expect(open.total).toBe(2);
    expect(open.items[1]).toMatchObject({ status: "in_review", documentCount: 2, assignee: { name: "Olu Operator" } });
    expect(open.items[0]).toMatchObject({ status: "submitted", documentCount: 1, assignee: null, user: { email: oldest.investor.email } });

    // Every status without a filter; a draft (never submitted) sorts by when it was made.
    expect((await read("")).items.map((item) => item.id)).toEqual([draft.caseId, oldest.caseId, middle.caseId, newest.caseId]);
    expect((await read("sort=-submittedAt")).items.map((item) => item.id)).toEqual([newest.caseId, middle.caseId, oldest.caseId, draft.caseId]);
    expect((await read("status=approved")).items.map((item) => item.id)).toEqual([newest.caseId]);
    expect((await read("status=draft")).items.map((item) => item.id)).toEqual([draft.caseId]);

    // Search by legal name, e-mail and name (the whole tag searched above is the name).
    expect((await ok<List>(await admin.client.get(`${BASE}?q=${encodeURIComponent(`legal ${tag} ALPHA`)}`))).items.map((item) => item.id)).toEqual([oldest.caseId]);
    expect((await ok<List>(await admin.client.get(`${BASE}?q=${encodeURIComponent(middle.investor.email.toUpperCase())}`))).items.map((item) => item.id)).toEqual([middle.caseId]);

    // Keyset pages: no overlap, no gap, the total on each.
    const first = await read("limit=2");
    expect(first.total).toBe(4);
    const second = await read(`limit=2&cursor=${first.nextCursor}`);
    expect([...first.items, ...second.items].map((item) => item.id)).toEqual([draft.caseId, oldest.caseId, middle.caseId, newest.caseId]);
    expect(second.nextCursor).toBeNull();
    expect((await refused(await admin.client.get(`${BASE}?q=${tag}&sort=createdAt&cursor=${first.nextCursor}`), 400)).code).toBe("VALIDATION_FAILED");
    expect((await refused(await admin.client.get(`${BASE}?status=maybe`), 400)).message).toBe("status must be open or one of a case's statuses.");

    const csv = await admin.client.get(`${BASE}?q=${tag}&status=open&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="termvest-verifications.csv"');
    const lines = (await csv.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe('"Submitted (UTC)","Status","Legal name","Country","Document type","Files","User e-mail","User name","User ID","Assigned to","Created (UTC)","Case ID"');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"submitted","Legal ${tag} Alpha","NG","passport",1,"${oldest.investor.email}"`);
    expect(lines[2]).toContain(`"in_review"`);
    expect(lines[2]).toContain(`"${admin.email}"`);
  });
});

describe("one case", () => {
  it("shows the data, the current files, the account, the deposits so far, to any admin; 404 for an unknown id", async () => {
    const admin = await person(suite, { admin: true });
    const other = await person(suite, { admin: true });
    const { investor, caseId, documents } = await investorWithCase({ files: [SAMPLE_FILES.png(), SAMPLE_FILES.jpeg()] });
    // Two deposits: one credited by an operator, one still waiting; a rejected one counts for nothing.
    const made = async (cents: number) => {
      const response = await investor.client.post("/api/deposits", await bankDepositBody(investor.client, cents));
      expect(response.status, await response.clone().text()).toBe(201);
      return ((await response.json()) as { id: string }).id;
    };
    await ok(await admin.client.post(`/api/admin/deposits/${await made(30_000)}/confirm`, {}));
    await made(20_000);
    await ok(await admin.client.post(`/api/admin/deposits/${await made(5_000)}/reject`, { reason: "Never arrived" }));
    await db().update(identityDocument).set({ replacedAt: new Date() }).where(eq(identityDocument.id, documents[1]!.id));

    const shown = await ok(await other.client.get(`${BASE}/${caseId}`));
    expect(shown).toMatchObject({
      id: caseId,
      status: "submitted",
      legalName: "Adeola Bankole",
      dateOfBirth: "1990-04-12",
      documentType: "passport",
      documentExpiresOn: "2031-04-11",
      user: { id: investor.id, email: investor.email, name: "Adeola Bankole", level: "unverified", emailVerified: true },
      assignee: null,
      decidedBy: null,
      deposits: { count: 2, pendingCents: 20_000, creditedCents: 30_000 },
    });
    expect(shown.documents).toEqual([{ id: documents[0]!.id, fileName: "passport photo.png", contentType: "image/png", sizeBytes: documents[0]!.bytes.length, createdAt: expect.any(String), replaceRequested: false }]);
    expect((await refused(await admin.client.get(`${BASE}/00000000-0000-4000-8000-000000000000`), 404)).message).toBe("No such identity case.");
  });
});

describe("a file of a case", () => {
  it("comes decrypted as an attachment that is never cached or sniffed, byte for byte, and each view is an audit entry", async () => {
    const admin = await person(suite, { admin: true });
    const { caseId, documents } = await investorWithCase({ files: [SAMPLE_FILES.pdf(), SAMPLE_FILES.png()] });
    const pdf = documents[0]!;

    const response = await admin.client.get(`${BASE}/${caseId}/documents/${pdf.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="Adeola_s_ID_scan_.pdf"; filename*=UTF-8''${encodeURIComponent(pdf.fileName).replace(/'/g, "%27")}`);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-length")).toBe(String(pdf.bytes.length));
    expect(Buffer.from(await response.arrayBuffer()).equals(pdf.bytes)).toBe(true);

    const png = await admin.client.get(`${BASE}/${caseId}/documents/${documents[1]!.id}`);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await png.arrayBuffer()).equals(documents[1]!.bytes)).toBe(true);

    const views = (await auditsOf(caseId)).filter((entry) => entry.action === "verification.document_view");
    expect(views).toHaveLength(2);
    expect(views.find((entry) => (entry.after as { documentId: string }).documentId === pdf.id)).toMatchObject({
      actorId: admin.id,
      after: { documentId: pdf.id, fileName: pdf.fileName, contentType: "application/pdf", sizeBytes: pdf.bytes.length, replaced: false },
    });
  });

  it("is shown once replaced (the evidence), is a clear 404 once deleted by retention, and only under its own case", async () => {
    const admin = await person(suite, { admin: true });
    const { caseId, documents } = await investorWithCase({ files: [SAMPLE_FILES.jpeg(), SAMPLE_FILES.png()] });
    const other = await investorWithCase();
    const [replaced, purged] = documents as [(typeof documents)[0], (typeof documents)[0]];
    await db().update(identityDocument).set({ replacedAt: new Date() }).where(eq(identityDocument.id, replaced.id));
    const shown = await admin.client.get(`${BASE}/${caseId}/documents/${replaced.id}`);
    expect(shown.status).toBe(200);
    expect(Buffer.from(await shown.arrayBuffer()).equals(replaced.bytes)).toBe(true);

    await db().update(identityDocument).set({ purgedAt: new Date("2031-05-01T00:00:00Z"), content: null, wrappedKey: null }).where(eq(identityDocument.id, purged.id));
    expect((await refused(await admin.client.get(`${BASE}/${caseId}/documents/${purged.id}`), 404)).message).toBe(
      "This file was deleted on 2031-05-01, when the account's retention period ended; only its record remains.",
    );
    expect((await refused(await admin.client.get(`${BASE}/${other.caseId}/documents/${replaced.id}`), 404)).message).toBe("This case has no such file.");
    expect((await refused(await admin.client.get(`${BASE}/${caseId}/documents/${other.documents[0]!.id}`), 404)).message).toBe("This case has no such file.");
    // Only the one file that went out was a view.
    expect((await auditsOf(caseId)).map((entry) => entry.action)).toEqual(["verification.document_view"]);
    expect(await auditsOf(other.caseId)).toEqual([]);
  });
});

describe("assigning a case", () => {
  it("puts it in review for the caller, again changes nothing, another admin gets 409 naming them unless they take it over", async () => {
    const olu = await person(suite, { admin: true, name: "Olu Operator" });
    const bisi = await person(suite, { admin: true, name: "Bisi Backoffice" });
    const { caseId } = await investorWithCase();

    expect(await ok(await assign(olu, caseId))).toMatchObject({ status: "in_review", assignee: { id: olu.id, name: "Olu Operator" } });
    expect(await ok(await assign(olu, caseId))).toMatchObject({ status: "in_review", assignee: { id: olu.id } });
    expect((await auditsOf(caseId)).map((entry) => entry.action)).toEqual(["verification.assign"]);

    const taken = await refused(await assign(bisi, caseId), 409);
    expect(taken.message).toBe("Olu Operator is working on this case. Take it over to review it yourself.");
    expect((await refused(await assign(bisi, caseId, { takeOver: "yes" }), 400)).code).toBe("VALIDATION_FAILED");
    expect((await caseRow(caseId)).assigneeId).toBe(olu.id);

    expect(await ok(await assign(bisi, caseId, { takeOver: true }))).toMatchObject({ status: "in_review", assignee: { id: bisi.id } });
    const takeOver = (await auditsOf(caseId)).find((entry) => entry.action === "verification.take_over");
    expect(takeOver).toMatchObject({ actorId: bisi.id, before: { status: "in_review", assigneeId: olu.id }, after: { status: "in_review", assigneeId: bisi.id } });
    expect((await refused(await decide(olu, caseId, { decision: "approve" }), 409)).message).toBe("Bisi Backoffice is working on this case.");
    expect(await levelOf((await caseRow(caseId)).userId)).toBe("unverified");
  });

  it("refuses a decided case and the admin's own", async () => {
    const admin = await person(suite, { admin: true });
    const { caseId } = await investorWithCase();
    await ok(await assign(admin, caseId));
    await ok(await decide(admin, caseId, { decision: "reject", reason: "The photo is of someone else." }));
    expect((await refused(await assign(admin, caseId), 409)).message).toBe("This case is not waiting for a review: it is rejected.");

    const own = await submittedCase(db(), suite.server.config, admin.id);
    expect((await refused(await assign(admin, own.caseId), 403)).message).toBe("Nobody reviews their own identity: another admin must decide this case.");
    expect((await caseRow(own.caseId)).status).toBe("submitted");
  });
});

describe("deciding a case", () => {
  it("approve: only once assigned to the caller; the account becomes verified, is told, and money can leave it", async () => {
    const admin = await person(suite, { admin: true });
    const friend = await person(suite);
    const { investor, caseId } = await investorWithCase({ funds: 50_000n });
    const send = () => investor.client.post("/api/transfers", { toEmail: friend.email, amountCents: 1_000, note: "thanks" });
    expect((await refused(await send(), 403)).code).toBe("VERIFICATION_REQUIRED");

    expect((await refused(await decide(admin, caseId, { decision: "approve" }), 409)).message).toBe("Assign the case to yourself first.");
    expect((await caseRow(caseId)).status).toBe("submitted");
    await ok(await assign(admin, caseId));
    const decided = await ok(await decide(admin, caseId, { decision: "approve" }));
    expect(decided).toMatchObject({ status: "approved", decidedBy: { id: admin.id }, user: { level: "verified" }, reason: null });
    expect(decided.decidedAt).not.toBeNull();
    expect(await levelOf(investor.id)).toBe("verified");
    expect((await auditsOf(caseId)).find((entry) => entry.action === "verification.approve")).toMatchObject({
      actorId: admin.id,
      before: { status: "in_review" },
      after: { status: "approved", level: "verified" },
    });
    const told = await ok<{ items: Array<{ kind: string; title: string; link: string }> }>(await investor.client.get("/api/notifications"));
    expect(told.items[0]).toMatchObject({ kind: "verification_approved", title: "Your identity is verified", link: "/dashboard/verification" });
    const [mail] = await db().select().from(outgoingMail).where(and(eq(outgoingMail.to, investor.email), eq(outgoingMail.kind, "verification_approved")));
    expect(mail).toMatchObject({ subject: "Your identity is verified", link: "/dashboard/verification" });

    expect((await send()).status).toBe(201);
    expect((await refused(await decide(admin, caseId, { decision: "reject", reason: "Changed my mind" }), 409)).message).toBe("This case is not waiting for a decision: it is approved.");
    expect(await levelOf(investor.id)).toBe("verified");
  });

  it("reject: with a reason the investor reads, the account stays unverified", async () => {
    const admin = await person(suite, { admin: true });
    const { investor, caseId } = await investorWithCase();
    await ok(await assign(admin, caseId));
    expect((await refused(await decide(admin, caseId, { decision: "reject" }), 400)).fields).toEqual({ reason: "Give the reason the investor will read." });
    const decided = await ok(await decide(admin, caseId, { decision: "reject", reason: "The name on the passport is not the account's." }));
    expect(decided).toMatchObject({ status: "rejected", reason: "The name on the passport is not the account's.", user: { level: "unverified" } });
    const [told] = await db().select().from(notification).where(eq(notification.userId, investor.id));
    expect(told).toMatchObject({ kind: "verification_rejected", title: "Your identity check was not approved" });
    expect(told!.body).toContain("The name on the passport is not the account's.");
    expect((await db().select().from(outgoingMail).where(eq(outgoingMail.to, investor.email))).map((mail) => mail.kind)).toContain("verification_rejected");
  });

  it("request new files: only files the case holds now, else 400 and nothing changes", async () => {
    const admin = await person(suite, { admin: true });
    const { investor, caseId, documents } = await investorWithCase({ files: [SAMPLE_FILES.png(), SAMPLE_FILES.jpeg(), SAMPLE_FILES.pdf()] });
    const other = await investorWithCase();
    await db().update(identityDocument).set({ replacedAt: new Date() }).where(eq(identityDocument.id, documents[2]!.id));
    await ok(await assign(admin, caseId));
    const ask = (replaceDocumentIds: string[]) => decide(admin, caseId, { decision: "request_resubmission", reason: "The back of the card is blurred.", replaceDocumentIds });

    expect((await refused(await decide(admin, caseId, { decision: "request_resubmission", reason: "Blurred" }), 400)).fields).toEqual({ replaceDocumentIds: "Choose the files to replace." });
    for (const ids of [["no-such-file"], [documents[0]!.id, other.documents[0]!.id], [documents[2]!.id]]) {
      const error = await refused(await ask(ids), 400);
      expect(error.fields).toEqual({ replaceDocumentIds: "Choose files this case holds now: one of them is not, or was already replaced." });
    }
    expect((await caseRow(caseId)).status).toBe("in_review");
    expect(await db().select().from(notification).where(eq(notification.userId, investor.id))).toEqual([]);

    const decided = await ok(await ask([documents[1]!.id]));
    expect(decided).toMatchObject({ status: "resubmission_requested", reason: "The back of the card is blurred.", user: { level: "unverified" } });
    expect(decided.documents.map((document) => [document.id, document.replaceRequested])).toEqual([
      [documents[0]!.id, false],
      [documents[1]!.id, true],
    ]);
    const [told] = await db().select().from(notification).where(eq(notification.userId, investor.id));
    expect(told).toMatchObject({ kind: "verification_resubmission_requested", title: "New identity documents needed" });
    expect(told!.body).toBe("Please replace one of your files and submit again on your verification page: The back of the card is blurred.");
  });

  it("never the admin's own case (403), whoever it is assigned to", async () => {
    const admin = await person(suite, { admin: true });
    const { caseId } = await submittedCase(db(), suite.server.config, admin.id);
    await db().update(identityCase).set({ status: "in_review", assigneeId: admin.id }).where(eq(identityCase.id, caseId));
    expect((await refused(await decide(admin, caseId, { decision: "approve" }), 403)).code).toBe("FORBIDDEN");
    expect((await caseRow(caseId)).status).toBe("in_review");
    expect(await auditsOf(caseId)).toEqual([]);
  });

  it("two at once: exactly one decision wins, the other is a 409", async () => {
    const olu = await person(suite, { admin: true, name: "Olu Operator" });
    const bisi = await person(suite, { admin: true, name: "Bisi Backoffice" });
    for (let round = 0; round < 3; round++) {
      const { investor, caseId } = await investorWithCase();
      await ok(await assign(olu, caseId));
      // The assignee twice at once, and another admin taking it over and deciding meanwhile.
      const [approve, reject, takeOverThenDecide] = await Promise.all([
        decide(olu, caseId, { decision: "approve" }),
        decide(olu, caseId, { decision: "reject", reason: "Blurred photo" }),
        (async () => {
          const taken = await assign(bisi, caseId, { takeOver: true });
          return taken.status === 200 ? decide(bisi, caseId, { decision: "reject", reason: "Expired passport" }) : taken;
        })(),
      ]);
      const statuses = [approve.status, reject.status, takeOverThenDecide.status];
      expect(statuses.filter((status) => status === 200), statuses.join(",")).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(2);
      const row = await caseRow(caseId);
      const decisions = (await auditsOf(caseId)).filter((entry) => ["verification.approve", "verification.reject"].includes(entry.action));
      expect(decisions).toHaveLength(1);
      expect(await levelOf(investor.id)).toBe(row.status === "approved" ? "verified" : "unverified");
      expect(await db().select().from(notification).where(eq(notification.userId, investor.id))).toHaveLength(1);
    }
  });
});

describe("approving from the user's page", () => {
  const approve = (admin: Person, userId: string, body: object = { reason: "Passport seen on a video call with the investor." }) =>
    admin.client.post(`/api/admin/users/${userId}/identity/approve`, body);

  it("makes an approved case for an account without one, with the reason and who decided; audited; the detail shows the level", async () => {
    const admin = await person(suite, { admin: true });
    const investor = await person(suite, { identity: false, email: uniqueEmail("legacy") });
    const before = await ok<{ profile: { verificationLevel: string }; identityCase: null }>(await admin.client.get(`/api/admin/users/${investor.id}`));
    expect(before.profile.verificationLevel).toBe("unverified");
    expect(before.identityCase).toBeNull();

    expect((await refused(await approve(admin, investor.id, {}), 400)).fields).toEqual({ reason: "Say how the identity was checked: it is kept on the case and in the audit log." });
    const approved = await ok(await approve(admin, investor.id));
    expect(approved).toMatchObject({ status: "approved", reason: "Passport seen on a video call with the investor.", decidedBy: { id: admin.id }, user: { id: investor.id, level: "verified" }, documents: [] });
    expect(await levelOf(investor.id)).toBe("verified");
    expect((await auditsOf(approved.id)).map((entry) => [entry.action, entry.actorId, entry.after])).toEqual([
      ["verification.approve", admin.id, { status: "approved", reason: "Passport seen on a video call with the investor.", level: "verified", from: "user_page" }],
    ]);
    const after = await ok<{ profile: { verificationLevel: string }; identityCase: { id: string; status: string } }>(await admin.client.get(`/api/admin/users/${investor.id}`));
    expect(after).toMatchObject({ profile: { verificationLevel: "verified" }, identityCase: { id: approved.id, status: "approved" } });
    const audit = await ok<{ items: Array<{ action: string }> }>(await admin.client.get(`/api/admin/users/${investor.id}/audit`));
    expect(audit.items.map((entry) => entry.action)).toContain("verification.approve");
    expect((await db().select().from(notification).where(eq(notification.userId, investor.id))).map((row) => row.kind)).toEqual(["verification_approved"]);

    expect((await refused(await approve(admin, investor.id), 409)).message).toBe("This account's identity is already verified.");
  });

  it("approves the existing case whoever is reviewing it; never the caller's own account; 404 for an unknown one", async () => {
    const admin = await person(suite, { admin: true });
    const reviewer = await person(suite, { admin: true });
    const { investor, caseId } = await investorWithCase();
    await ok(await assign(reviewer, caseId));
    const approved = await ok(await approve(admin, investor.id));
    expect(approved).toMatchObject({ id: caseId, status: "approved", decidedBy: { id: admin.id }, assignee: { id: reviewer.id } });
    expect(await levelOf(investor.id)).toBe("verified");

    const mine = await person(suite, { admin: true, identity: false });
    expect((await refused(await approve(mine, mine.id), 403)).message).toBe("Nobody reviews their own identity: another admin must decide this case.");
    expect(await levelOf(mine.id)).toBe("unverified");
    expect((await refused(await approve(admin, "00000000-0000-4000-8000-000000000000"), 404)).message).toBe("User not found.");
  });
});

import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { IDENTITY_FILE_MAX_BYTES } from "#shared/schemas/verification.js";
import { auditLog, identityCase, identityDocument } from "#server/db/schema.js";
import { decryptIdentityFile } from "#server/services/verification/file-crypto.js";
import { bankDepositBody } from "./helpers/deposits.js";
import { dayOf, submission, TINY_JPEG, TINY_PNG, tinyPdf, uploadFile, yearsBefore } from "./helpers/identity.js";
import { person as newPerson, type Person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";
import { freshWallet } from "./helpers/wallets.js";

const KYC_KEY = randomBytes(32);
const suite = serverSuite({ KYC_ENCRYPTION_KEY: KYC_KEY.toString("hex") });
const db = () => suite.database.handle.db;
const person = (options: Parameters<typeof newPerson>[1] = {}) => newPerson(suite, options);
const upload = (who: Person, file: Parameters<typeof uploadFile>[2], options?: Parameters<typeof uploadFile>[3]) => uploadFile(suite.server.url, who, file, options);
const DAY = 86_400_000;
const today = () => dayOf(suite.server.clock.now());
const mine = async (who: Person) => {
  const response = await who.client.get("/api/me/verification");
  expect(response.status).toBe(200);
  return response.json();
};
const remove = (who: Person, id: string) => who.client.request(`/api/me/verification/documents/${id}`, { method: "DELETE" });
const submit = (who: Person, overrides: Record<string, unknown> = {}) => who.client.post("/api/me/verification", submission(today(), overrides));
const storedFiles = async (userId: string) => (await db().select({ n: count() }).from(identityDocument).where(eq(identityDocument.userId, userId)))[0]?.n;
const cookieOf = (who: Person) => [...who.client.cookies].map(([name, { value }]) => `${name}=${value}`).join("; ");
async function expectError(response: Response, status: number, code: string) {
  expect(response.status, await response.clone().text()).toBe(status);
  const { error } = await response.json();
  expect(error.code).toBe(code);
  return error as { message: string; fields?: Record<string, string>; link?: string };
}
/** A JPEG of exactly `size` bytes: the header, then padding. */
const jpegOfSize = (size: number) => Buffer.concat([TINY_JPEG, Buffer.alloc(size - TINY_JPEG.length)]);

// A birthday or an expiry on 29 February does not exist every year; the edges below are about days, not leap years.
beforeAll(() => {
  while (["02-28", "02-29"].includes(today().slice(5))) suite.server.clock.advance(DAY);
});

describe("identity files", () => {
  it("takes a JPEG, a PNG and a PDF by their bytes, and keeps them only encrypted under the KYC key", async () => {
    const investor = await person();
    const marker = `marker-${randomBytes(6).toString("hex")}`;
    const files = [
      { bytes: TINY_JPEG, name: "passport front.jpg", type: "image/jpeg", expected: "image/jpeg" },
      // The declared type and the name are the sender's word; the bytes decide.
      { bytes: TINY_PNG, name: "C:\\Users\\ada\\scan.jpeg", type: "application/pdf", expected: "image/png" },
      { bytes: tinyPdf(marker), name: "../../etc/proof\u0007 of\u202E address.pdf", type: "application/pdf", expected: "application/pdf" },
    ];
    const answers: Array<{ id: string; contentType: string; fileName: string; sizeBytes: number }> = [];
    for (const file of files) {
      const response = await upload(investor, file);
      expect(response.status, await response.clone().text()).toBe(201);
      answers.push(await response.json());
    }
    expect(answers.map((answer) => answer.contentType)).toEqual(files.map((file) => file.expected));
    expect(answers.map((answer) => answer.fileName)).toEqual(["passport front.jpg", "scan.jpeg", "proof of address.pdf"]);
    expect(answers.map((answer) => answer.sizeBytes)).toEqual(files.map((file) => file.bytes.length));

    const view = await mine(investor);
    expect(view).toMatchObject({ level: "verified", case: { status: "draft", reason: null, legalName: null } });
    expect(view.case.documents.map((document: { id: string }) => document.id)).toEqual(answers.map((answer) => answer.id));

    for (const [index, answer] of answers.entries()) {
      const [row] = await db().select().from(identityDocument).where(eq(identityDocument.id, answer.id));
      const plain = files[index]!.bytes;
      expect(row).toMatchObject({ userId: investor.id, sha256: createHash("sha256").update(plain).digest("hex"), sizeBytes: plain.length, purgedAt: null });
      const sealed = { wrappedKey: row!.wrappedKey!, content: row!.content! };
      // What the database holds is not the file, nor holds it in the clear.
      expect(sealed.content.equals(plain)).toBe(false);
      expect(sealed.content.includes(plain.subarray(0, 8))).toBe(false);
      expect(sealed.content.includes(Buffer.from(marker))).toBe(false);
      expect(decryptIdentityFile(KYC_KEY, answer.id, sealed).equals(plain)).toBe(true);
      expect(() => decryptIdentityFile(randomBytes(32), answer.id, sealed)).toThrow();
      // Bound to its row: the same bytes under another document's id do not open.
      expect(() => decryptIdentityFile(KYC_KEY, answers[(index + 1) % answers.length]!.id, sealed)).toThrow();
    }

    // The audit log (kept for ever) names each file by id, type, size and digest; never its name or bytes.
    const entries = await db().select().from(auditLog).where(and(eq(auditLog.action, "verification.upload"), eq(auditLog.actorId, investor.id)));
    expect(entries).toHaveLength(3);
    expect(JSON.stringify(entries)).not.toMatch(/passport front|scan\.jpeg|proof/);
    expect(suite.server.logs.join("")).not.toContain(marker);
    expect(suite.server.logs.join("")).not.toMatch(/passport front|proof/);
  });

  it("keeps a long name as its first 200 characters with the extension, and an empty one as 'document'", async () => {
    const investor = await person();
    const long = await (await upload(investor, { bytes: TINY_PNG, name: `${"a".repeat(300)}.png` })).json();
    expect(long.fileName).toBe(`${"a".repeat(196)}.png`);
    const empty = await (await upload(investor, { bytes: TINY_PNG, name: "..." })).json();
    expect(empty.fileName).toBe("document");
  });

  it.each([
    ["a Windows executable named passport.pdf", Buffer.concat([Buffer.from("MZ\x90\x00", "latin1"), randomBytes(200)]), "passport.pdf", "application/pdf"],
    ["a Linux executable named photo.jpg", Buffer.concat([Buffer.from("\x7fELF", "latin1"), randomBytes(200)]), "photo.jpg", "image/jpeg"],
    ["an HTML page named scan.png", Buffer.from("<html><script>alert(1)</script></html>"), "scan.png", "image/png"],
    ["a PDF cut before its signature ends", Buffer.from("%PDF"), "id.pdf", "application/pdf"],
  ])("refuses %s with 415 and stores nothing", async (_label, bytes, name, type) => {
    const investor = await person();
    const error = await expectError(await upload(investor, { bytes, name, type }), 415, "UNSUPPORTED_MEDIA_TYPE");
    expect(error.message).toBe("Upload a JPEG, PNG or PDF file.");
    expect(await storedFiles(investor.id)).toBe(0);
    expect((await mine(investor)).case).toBeNull();
  });

  it("takes a file of exactly 10 MB and refuses one byte more with 413, storing nothing", async () => {
    const investor = await person();
    const exact = await upload(investor, { bytes: jpegOfSize(IDENTITY_FILE_MAX_BYTES), name: "large.jpg" });
    expect(exact.status, await exact.clone().text()).toBe(201);
    expect((await exact.json()).sizeBytes).toBe(IDENTITY_FILE_MAX_BYTES);
    const over = await expectError(await upload(investor, { bytes: jpegOfSize(IDENTITY_FILE_MAX_BYTES + 1), name: "larger.jpg" }), 413, "PAYLOAD_TOO_LARGE");
    expect(over.message).toBe("The file must be at most 10 MB.");
    expect(await storedFiles(investor.id)).toBe(1);
  });

  it("refuses a body whose Content-Length is over the limit before reading it", async () => {
    const investor = await person();
    const url = new URL("/api/me/verification/documents", suite.server.url);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(url, {
        method: "POST",
        headers: { Origin: suite.server.url, Cookie: cookieOf(investor), "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(50 * 1024 * 1024) },
      });
      request.on("response", (response) => {
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, body });
        });
      });
      request.on("error", reject);
      // A few bytes of the 50 MB it announced; the answer comes without the rest.
      request.write("--x\r\n");
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error.message).toBe("The file must be at most 10 MB.");
  });

  it("counts a body sent without a length as it arrives: a small one is stored, an endless one cut off", async () => {
    const investor = await person();
    const boundary = "----identity-boundary";
    const multipart = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="chunked.png"\r\nContent-Type: image/png\r\n\r\n`),
      TINY_PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const streamed = (pull: (controller: ReadableStreamDefaultController<Uint8Array>) => void) =>
      fetch(new URL("/api/me/verification/documents", suite.server.url), {
        method: "POST",
        body: new ReadableStream<Uint8Array>({ pull }),
        duplex: "half",
        headers: { Origin: suite.server.url, Cookie: cookieOf(investor), "Content-Type": `multipart/form-data; boundary=${boundary}` },
      } as RequestInit);
    let given = false;
    const small = await streamed((controller) => {
      if (given) return controller.close();
      given = true;
      controller.enqueue(new Uint8Array(multipart));
    });
    expect(small.status, await small.clone().text()).toBe(201);
    expect((await small.json()).contentType).toBe("image/png");

    let sent = 0;
    const endless = await streamed((controller) => {
      // 100 MB if the server read it all; it must answer long before.
      if (sent > 100 * 1024 * 1024) return controller.close();
      sent += 64 * 1024;
      controller.enqueue(new Uint8Array(64 * 1024).fill(0x61));
    });
    expect(endless.status).toBe(413);
    expect(sent).toBeLessThan(30 * 1024 * 1024);
    expect(await storedFiles(investor.id)).toBe(1);
  });

  it("answers a missing, empty or text field with 400 naming the file", async () => {
    const investor = await person();
    for (const response of [
      await upload(investor, undefined),
      await upload(investor, { bytes: new Uint8Array(0), name: "empty.pdf" }),
      await upload(investor, { bytes: TINY_PNG, name: "other.png" }, { field: "document" }),
    ]) {
      const error = await expectError(response, 400, "VALIDATION_FAILED");
      expect(error.fields).toEqual({ file: "Choose a file to upload." });
    }
    expect(await storedFiles(investor.id)).toBe(0);
  });

  it("takes multipart only on the upload: JSON there is a 415 naming multipart, multipart anywhere else a 415", async () => {
    const investor = await person();
    const json = await expectError(await investor.client.post("/api/me/verification/documents", { file: TINY_PNG.toString("base64") }), 415, "UNSUPPORTED_MEDIA_TYPE");
    expect(json.message).toBe('Send the file as multipart/form-data, in the field "file".');
    const png = { bytes: TINY_PNG, name: "scan.png" };
    const stored = await (await upload(investor, png)).json();
    for (const [method, path] of [
      ["POST", "/api/me/verification"],
      ["DELETE", `/api/me/verification/documents/${stored.id}`],
      ["POST", "/api/transfers"],
      ["POST", "/api/contact"],
      ["POST", "/api/auth/update-user"],
      // A trailing slash is not the upload's path.
      ["POST", "/api/me/verification/documents/"],
    ] as const) {
      const response = await upload(investor, png, { path, method });
      expect({ method, path, status: response.status }).toEqual({ method, path, status: 415 });
    }
    expect(await storedFiles(investor.id)).toBe(1);
    expect((await mine(investor)).case.documents).toHaveLength(1);
  });

  it("is refused from another origin, and nothing is stored", async () => {
    const investor = await person();
    for (const headers of [{ Origin: "https://evil.example" }, { Origin: "null" }]) {
      await expectError(await upload(investor, { bytes: TINY_PNG, name: "scan.png" }, { headers }), 403, "CSRF_REJECTED");
    }
    expect(await storedFiles(investor.id)).toBe(0);
    const stranger = await fetch(new URL("/api/me/verification/documents", suite.server.url), { method: "POST", body: new FormData(), headers: { Origin: suite.server.url } });
    expect(stranger.status).toBe(401);
  });

  it("holds at most three current files: a fourth is a 409 until one is removed", async () => {
    const investor = await person();
    const ids = [];
    for (let index = 0; index < 3; index++) ids.push((await (await upload(investor, { bytes: TINY_JPEG, name: `page-${index}.jpg` })).json()).id);
    const fourth = await expectError(await upload(investor, { bytes: TINY_JPEG, name: "page-3.jpg" }), 409, "CONFLICT");
    expect(fourth.message).toBe("You can send at most 3 files. Remove one before you upload another.");

    const removed = await remove(investor, ids[0]);
    expect(removed.status, await removed.clone().text()).toBe(200);
    expect((await removed.json()).case.documents.map((document: { id: string }) => document.id)).toEqual(ids.slice(1));
    // Removed is kept, as evidence, until retention ends; it is just no longer the case's.
    const [kept] = await db().select().from(identityDocument).where(eq(identityDocument.id, ids[0]));
    expect(kept?.replacedAt).toBeInstanceOf(Date);
    expect(kept?.content).not.toBeNull();
    await expectError(await remove(investor, ids[0]), 404, "NOT_FOUND");
    expect((await upload(investor, { bytes: TINY_JPEG, name: "page-3.jpg" })).status).toBe(201);
    expect(await storedFiles(investor.id)).toBe(4);
  });

  it("holds three under parallel uploads too, and refuses a case that has received 20 files in all", async () => {
    const investor = await person();
    const parallel = await Promise.all(Array.from({ length: 5 }, (_, index) => upload(investor, { bytes: TINY_PNG, name: `copy-${index}.png` })));
    expect(parallel.map((response) => response.status).sort()).toEqual([201, 201, 201, 409, 409]);
    expect((await mine(investor)).case.documents).toHaveLength(3);

    const [caseRow] = await db().select().from(identityCase).where(eq(identityCase.userId, investor.id));
    // Removed files are kept until retention: what a case may have received in all is bounded.
    await db()
      .insert(identityDocument)
      .values(
        Array.from({ length: 17 }, (_, index) => ({
          id: `removed-${investor.id}-${index}`,
          caseId: caseRow!.id,
          userId: investor.id,
          fileName: "old.png",
          contentType: "image/png",
          sizeBytes: 1,
          sha256: "0".repeat(64),
          wrappedKey: Buffer.alloc(1),
          content: Buffer.alloc(1),
          replacedAt: new Date(),
        })),
      );
    const current = (await mine(investor)).case.documents;
    expect((await remove(investor, current[0].id)).status).toBe(200);
    const full = await expectError(await upload(investor, { bytes: TINY_PNG, name: "one-more.png" }), 409, "CONFLICT");
    expect(full.message).toBe("You have uploaded 20 files for your identity check, the most we keep. Contact support to go on.");
  });

  it("is always the caller's own: another user sees their own case and cannot remove my file (404)", async () => {
    const investor = await person();
    const other = await person();
    const mineFile = await (await upload(investor, { bytes: TINY_PNG, name: "mine.png" })).json();
    expect((await mine(other)).case).toBeNull();
    const theirs = await (await upload(other, { bytes: TINY_JPEG, name: "theirs.jpg" })).json();
    const view = await mine(other);
    expect(view.case.documents.map((document: { id: string }) => document.id)).toEqual([theirs.id]);
    await expectError(await remove(other, mineFile.id), 404, "NOT_FOUND");
    await expectError(await remove(other, "not-an-id"), 404, "NOT_FOUND");
    expect((await mine(investor)).case.documents.map((document: { id: string }) => document.id)).toEqual([mineFile.id]);
  });

  it("is described in the OpenAPI document as multipart with a binary file", async () => {
    const doc = await (await suite.server.client().get("/api/openapi.json")).json();
    const operation = doc.paths["/api/me/verification/documents"].post;
    expect(operation.requestBody.content).toEqual({
      "multipart/form-data": { schema: { type: "object", properties: { file: expect.objectContaining({ type: "string", format: "binary" }) }, required: ["file"] } },
    });
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(["201", "413", "415"]));
  });
});

describe("submitting the case", () => {
  it("judges age and expiry on the server's UTC day: 17 years and 364 days and an expiry today are refused, 18 today accepted", async () => {
    const investor = await person();
    await upload(investor, { bytes: TINY_JPEG, name: "passport.jpg" });
    const young = await expectError(await submit(investor, { dateOfBirth: yearsBefore(dayOf(suite.server.clock.now(), 1), 18) }), 400, "VALIDATION_FAILED");
    expect(young.fields).toEqual({ dateOfBirth: "You must be at least 18 years old to use this service." });
    const expiring = await expectError(await submit(investor, { documentExpiresOn: today() }), 400, "VALIDATION_FAILED");
    expect(expiring.fields).toEqual({ documentExpiresOn: "This document is no longer valid after today. Send one that is." });
    const both = await expectError(await submit(investor, { dateOfBirth: dayOf(suite.server.clock.now(), 1), documentExpiresOn: dayOf(suite.server.clock.now(), -1) }), 400, "VALIDATION_FAILED");
    expect(Object.keys(both.fields ?? {}).sort()).toEqual(["dateOfBirth", "documentExpiresOn"]);
    const badForm = await expectError(await submit(investor, { dateOfBirth: "2001-02-30", country: "Nigeria" }), 400, "VALIDATION_FAILED");
    expect(Object.keys(badForm.fields ?? {}).sort()).toEqual(["country", "dateOfBirth"]);
    expect((await mine(investor)).case.status).toBe("draft");

    const accepted = await submit(investor, { dateOfBirth: yearsBefore(today(), 18), documentExpiresOn: dayOf(suite.server.clock.now(), 1) });
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    const view = await accepted.json();
    expect(view.case).toMatchObject({ status: "submitted", legalName: "Ada Okafor", country: "NG", dateOfBirth: yearsBefore(today(), 18), documentType: "passport" });
    expect(Date.parse(view.case.submittedAt)).toBeGreaterThan(0);
  });

  it("needs a file, and once submitted the case is locked: a second submit, an upload and a removal are 409s", async () => {
    const investor = await person();
    const none = await expectError(await submit(investor), 400, "VALIDATION_FAILED");
    expect(Object.keys(none.fields ?? {})).toEqual(["documents"]);
    const file = await (await upload(investor, { bytes: tinyPdf(), name: "id.pdf" })).json();
    expect((await submit(investor)).status).toBe(200);
    for (const status of ["submitted", "in_review", "approved"]) {
      await db().update(identityCase).set({ status }).where(eq(identityCase.userId, investor.id));
      await expectError(await submit(investor), 409, "CONFLICT");
      await expectError(await upload(investor, { bytes: TINY_PNG, name: "late.png" }), 409, "CONFLICT");
      await expectError(await remove(investor, file.id), 409, "CONFLICT");
    }
    expect(await storedFiles(investor.id)).toBe(1);
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.action, "verification.submit"), eq(auditLog.actorId, investor.id)));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]?.after)).not.toContain("A1234567");
  });

  it("after a request for new documents, submits only once every file asked for was replaced, and clears the request", async () => {
    const investor = await person();
    const blurry = await (await upload(investor, { bytes: TINY_JPEG, name: "blurry.jpg" })).json();
    const back = await (await upload(investor, { bytes: TINY_PNG, name: "back.png" })).json();
    expect((await submit(investor)).status).toBe(200);
    await db()
      .update(identityCase)
      .set({ status: "resubmission_requested", reason: "The front of your passport is blurred.", replaceDocumentIds: [blurry.id], decidedAt: new Date() })
      .where(eq(identityCase.userId, investor.id));
    const asked = await mine(investor);
    expect(asked.case).toMatchObject({ status: "resubmission_requested", reason: "The front of your passport is blurred." });
    expect(asked.case.documents.map((document: { replaceRequested: boolean }) => document.replaceRequested)).toEqual([true, false]);

    const sharp = await (await upload(investor, { bytes: TINY_JPEG, name: "sharp.jpg" })).json();
    const refused = await expectError(await submit(investor), 400, "VALIDATION_FAILED");
    expect(refused.fields).toEqual({ documents: 'We asked for a new copy of "blurry.jpg": remove it and upload a new one.' });
    expect((await remove(investor, blurry.id)).status).toBe(200);
    const accepted = await submit(investor);
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    const view = await accepted.json();
    expect(view.case).toMatchObject({ status: "submitted", reason: null, decidedAt: null });
    expect(view.case.documents.map((document: { id: string; replaceRequested: boolean }) => [document.id, document.replaceRequested])).toEqual([
      [back.id, false],
      [sharp.id, false],
    ]);
    const [row] = await db().select().from(identityCase).where(eq(identityCase.userId, investor.id));
    expect(row?.replaceDocumentIds).toEqual([]);
  });
});

describe("an unverified account", () => {
  it("deposits up to its limit in total, to the cent, and is told what remains", async () => {
    const investor = await person({ identity: false });
    const limits = async () => (await mine(investor)).limits;
    expect(await mine(investor)).toMatchObject({ level: "unverified", case: null });
    expect(await limits()).toEqual({ depositLimitCents: 100_000, depositedCents: 0, depositRemainingCents: 100_000, moneyOutAllowed: false });
    const deposit = async (amountCents: number) => investor.client.post("/api/deposits", await bankDepositBody(investor.client, amountCents));
    expect((await deposit(60_000)).status).toBe(201);
    expect(await limits()).toEqual({ depositLimitCents: 100_000, depositedCents: 60_000, depositRemainingCents: 40_000, moneyOutAllowed: false });
    const over = await expectError(await deposit(40_001), 403, "VERIFICATION_REQUIRED");
    expect(over.message).toBe("Until your identity is verified you can deposit $1,000.00 in total; $400.00 remains. Verify your identity to deposit more.");
    expect(over.link).toBe("/dashboard/verification");
    expect((await deposit(40_000)).status).toBe(201);
    expect(await limits()).toEqual({ depositLimitCents: 100_000, depositedCents: 100_000, depositRemainingCents: 0, moneyOutAllowed: false });
    const full = await expectError(await deposit(1_000), 403, "VERIFICATION_REQUIRED");
    expect(full.message).toMatch(/; nothing remains\./);
  });

  it("cannot pay out, transfer or pay a money request (403 VERIFICATION_REQUIRED); verified, it has no deposit limit", async () => {
    const investor = await person({ identity: false, funds: 100_000n });
    const friend = await person({ funds: 10_000n });
    const request = await (await friend.client.post("/api/money-requests", { fromEmail: investor.email, amountCents: 1_000 })).json();
    for (const [path, body] of [
      ["/api/payouts/preview", { amountCents: 2_000, walletAddress: freshWallet() }],
      ["/api/payouts", { amountCents: 2_000, walletAddress: freshWallet() }],
      ["/api/transfers/preview", { toEmail: friend.email, amountCents: 1_000 }],
      ["/api/transfers", { toEmail: friend.email, amountCents: 1_000 }],
      [`/api/money-requests/${request.id}/pay`, {}],
    ] as const) {
      const error = await expectError(await investor.client.post(path, body), 403, "VERIFICATION_REQUIRED");
      expect(error.message).toMatch(/^Verify your identity before money leaves your account/);
      expect(error.link).toBe("/dashboard/verification");
    }
    expect((await (await investor.client.get("/api/me/summary")).json()).mainBalanceCents).toBe(100_000);
    expect((await mine(friend)).limits).toEqual({ depositLimitCents: null, depositedCents: null, depositRemainingCents: null, moneyOutAllowed: true });
  });
});

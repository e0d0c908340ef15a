import { and, asc, count, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, journal, outgoingMail, payout, withdrawalAddress } from "#server/db/schema.js";
import { MESSAGES } from "#shared/schemas/auth.js";
import { CONFIRM_WITHDRAWAL_ADDRESS_PATH, WITHDRAWAL_ADDRESS_LIMIT, type WithdrawalAddressDto } from "#shared/schemas/withdrawal-addresses.js";
import { testDatabaseUrl } from "./helpers/database.js";
import { nextTotpCode } from "./helpers/totp.js";
import { person as newPerson, summary, type Person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";
import { freshWallet } from "./helpers/wallets.js";
import { listWallet } from "./helpers/withdrawal-addresses.js";

const suite = serverSuite();
const db = () => suite.database.handle.db;
const person = (options: Parameters<typeof newPerson>[1] = {}) => newPerson(suite, options);
const HOUR = 3_600_000;
const ADDRESSES = "/api/me/withdrawal-addresses";

const add = (who: Person, body: Record<string, unknown>) => who.client.post(ADDRESSES, body);
const listOf = async (who: Person): Promise<WithdrawalAddressDto[]> => (await (await who.client.get(ADDRESSES)).json()).items;
/** Confirmed from a browser with no session: the token alone is what the e-mail gives. */
const confirm = (token: string) => suite.server.client().post(`${ADDRESSES}/confirm`, { token });
const remove = (who: Person, id: string) => who.client.request(`${ADDRESSES}/${id}`, { method: "DELETE" });

/** The token in the newest confirmation mail to `email`, once the mail job has sent it. */
async function mailedToken(email: string, mails = 1): Promise<string> {
  await expect.poll(() => suite.server.mailer.find(email, /confirm your new withdrawal address/i).length).toBe(mails);
  const text = suite.server.mailer.find(email, /confirm your new withdrawal address/i).at(-1)!.text;
  const link = new URL(text.match(/https?:\/\/\S+\?token=\S+/)![0]);
  expect(link.pathname).toBe(CONFIRM_WITHDRAWAL_ADDRESS_PATH);
  return link.searchParams.get("token")!;
}

/** Adds `address` and follows its mailed link; the confirmed address as the list shows it. */
async function addAndConfirm(who: Person, address = freshWallet()): Promise<WithdrawalAddressDto> {
  const mails = suite.server.mailer.find(who.email, /confirm your new withdrawal address/i).length;
  expect((await add(who, { address, label: "Cold storage" })).status).toBe(201);
  const confirmed = await confirm(await mailedToken(who.email, mails + 1));
  expect(confirmed.status).toBe(200);
  return confirmed.json();
}

const audits = (id: string) =>
  db().select({ action: auditLog.action, actorId: auditLog.actorId, after: auditLog.after }).from(auditLog).where(eq(auditLog.targetId, id)).orderBy(asc(auditLog.seq));

describe("adding a withdrawal address", () => {
  it("lists it unconfirmed and mails a one-time link that confirms it from any device; confirming and removing are mailed and audited", async () => {
    const user = await person({ name: "Ada Obi" });
    const address = freshWallet();
    const added = await add(user, { address: address.toUpperCase(), label: "  Cold storage  " });
    expect(added.status).toBe(201);
    const row: WithdrawalAddressDto = await added.json();
    // One spelling: bech32 in lower case, the payouts' own.
    expect(row).toMatchObject({ address, label: "Cold storage", status: "unconfirmed", confirmedAt: null, usableFrom: null, confirmExpiresAt: expect.any(String) });
    expect(Date.parse(row.confirmExpiresAt!) - Date.parse(row.createdAt)).toBe(24 * HOUR);
    expect(await listOf(user)).toEqual([row]);

    const token = await mailedToken(user.email);
    const mail = suite.server.mailer.find(user.email, /confirm your new withdrawal address/i)[0]!;
    expect(mail.text).toContain(`${address} (“Cold storage”)`);
    expect(mail.text).toContain("payouts can go to it 24 hours after you confirm");
    // Only the hash is stored; once sent, the kept copy of the mail loses the link.
    const [stored] = await db().select().from(withdrawalAddress).where(eq(withdrawalAddress.id, row.id));
    expect(stored!.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);
    await expect.poll(async () => (await db().select({ text: outgoingMail.text }).from(outgoingMail).where(eq(outgoingMail.to, user.email))).map((m) => m.text).join("\n")).not.toContain(token);

    const before = Date.now();
    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    const dto: WithdrawalAddressDto = await confirmed.json();
    expect(dto).toMatchObject({ id: row.id, status: "waiting", confirmExpiresAt: null });
    expect(Date.parse(dto.usableFrom!) - Date.parse(dto.confirmedAt!)).toBe(24 * HOUR);
    expect(Date.parse(dto.confirmedAt!)).toBeGreaterThanOrEqual(before - 1000);
    await expect.poll(() => suite.server.mailer.find(user.email, /withdrawal address confirmed/i).length).toBe(1);
    expect(suite.server.mailer.find(user.email, /withdrawal address confirmed/i)[0]!.text).toContain(`Payouts can go to it from ${dto.usableFrom!.slice(0, 16).replace("T", " ")} UTC.`);

    // Single use.
    const again = await confirm(token);
    expect(again.status).toBe(404);
    expect((await again.json()).error.message).toMatch(/not valid or was already used/);

    // Removed at once, with no body at all: a DELETE needs no JSON.
    const removed = await remove(user, row.id);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ id: row.id, removedAt: expect.any(String) });
    expect(await listOf(user)).toEqual([]);
    await expect.poll(() => suite.server.mailer.find(user.email, /withdrawal address removed/i).length).toBe(1);
    expect((await remove(user, row.id)).status).toBe(404);

    expect(await audits(row.id)).toEqual([
      { action: "withdrawal_address.add", actorId: user.id, after: expect.objectContaining({ address, label: "Cold storage" }) },
      { action: "withdrawal_address.confirm", actorId: user.id, after: { confirmedAt: dto.confirmedAt, usableFrom: dto.usableFrom } },
      { action: "withdrawal_address.remove", actorId: user.id, after: expect.objectContaining({ removedAt: expect.any(String) }) },
    ]);
    // Removed, it may be added again (a new row; the old one stays for the record).
    expect((await add(user, { address, label: "Back again" })).status).toBe(201);
  });

  it.each([
    ["a bad checksum", { address: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyv", label: "Mine" }, "address", "This is not a valid bitcoin address."],
    ["a testnet address", { address: "tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl", label: "Mine" }, "address", "This is not a valid bitcoin address."],
    ["no address", { label: "Mine" }, "address", "Enter a wallet address."],
    ["no label", { address: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu", label: " " }, "label", "Give the address a label."],
    ["a long label", { address: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu", label: "x".repeat(51) }, "label", "The label must be at most 50 characters."],
  ])("refuses %s with 400, adding and mailing nothing", async (_case, body, field, message) => {
    const user = await person();
    const response = await add(user, body);
    expect(response.status).toBe(400);
    expect((await response.json()).error.fields).toEqual({ [field]: message });
    expect(await listOf(user)).toEqual([]);
    expect((await db().select({ n: count() }).from(outgoingMail).where(and(eq(outgoingMail.to, user.email), like(outgoingMail.kind, "withdrawal-address%"))))[0]!.n).toBe(0);
  });

  it("refuses an address already listed (409, whatever its case) and more than the limit", async () => {
    const user = await person();
    const address = freshWallet();
    expect((await add(user, { address, label: "One" })).status).toBe(201);
    const twice = await add(user, { address: address.toUpperCase(), label: "Two" });
    expect(twice.status).toBe(409);
    expect((await twice.json()).error).toMatchObject({ code: "CONFLICT", fields: { address: "This address is already on your list." } });
    // Another account may list the same address.
    expect((await add(await person(), { address, label: "Theirs" })).status).toBe(201);

    for (let n = 1; n < WITHDRAWAL_ADDRESS_LIMIT; n++) await listWallet(db(), user.id);
    const over = await add(user, { address: freshWallet(), label: "One too many" });
    expect(over.status).toBe(409);
    expect((await over.json()).error.message).toBe(`You can keep at most ${WITHDRAWAL_ADDRESS_LIMIT} withdrawal addresses. Remove one you no longer use first.`);
    expect(await listOf(user)).toHaveLength(WITHDRAWAL_ADDRESS_LIMIT);
  });

  it("refuses a request from another origin, adding, confirming and removing nothing", async () => {
    const user = await person();
    const listed = await addAndConfirm(user);
    const forged = (method: string, path: string, body: unknown) =>
      fetch(new URL(path, suite.server.url), {
        method,
        body: JSON.stringify(body),
        headers: { Origin: "https://evil.example", "Content-Type": "application/json", Cookie: [...user.client.cookies].map(([name, { value }]) => `${name}=${value}`).join("; ") },
      });
    for (const [method, path, body] of [
      ["POST", ADDRESSES, { address: freshWallet(), label: "Evil" }],
      ["POST", `${ADDRESSES}/confirm`, { token: "x".repeat(43) }],
      ["DELETE", `${ADDRESSES}/${listed.id}`, {}],
    ] as const) {
      const response = await forged(method, path, body);
      expect({ path, status: response.status }).toEqual({ path, status: 403 });
      expect((await response.json()).error.code).toBe("CSRF_REJECTED");
    }
    expect((await listOf(user)).map((row) => row.id)).toEqual([listed.id]);
  });

  it("asks for the second factor when two-factor is on, and spends the code", async () => {
    const user = await person({ twoFactor: true });
    const address = freshWallet();
    const missing = await add(user, { address, label: "Mine" });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.fields).toEqual({ twoFactorCode: MESSAGES.secondFactorCodeRequired });
    const wrong = await add(user, { address, label: "Mine", twoFactorCode: "000000" });
    expect((await wrong.json()).error.fields).toEqual({ twoFactorCode: MESSAGES.secondFactorCodeInvalid });
    expect(await listOf(user)).toEqual([]);

    const code = await nextTotpCode(user.totpSecret!);
    expect((await add(user, { address, label: "Mine", twoFactorCode: code })).status).toBe(201);
    const reused = await add(user, { address: freshWallet(), label: "Another", twoFactorCode: code });
    expect((await reused.json()).error.fields).toEqual({ twoFactorCode: MESSAGES.twoFactorCodeUsed });
    expect(await listOf(user)).toHaveLength(1);
  });
});

describe("the e-mailed link", () => {
  it("expires after 24 hours, says so, and a new link sent from the list works once the old one no longer does", async () => {
    const user = await person();
    const row: WithdrawalAddressDto = await (await add(user, { address: freshWallet(), label: "Slow" })).json();
    const old = await mailedToken(user.email);
    suite.server.clock.advance(24 * HOUR + 1000);
    const expired = await confirm(old);
    expect(expired.status).toBe(400);
    expect((await expired.json()).error.message).toMatch(/^This link expired at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\. Ask for a new one/);
    expect((await listOf(user))[0]).toMatchObject({ status: "unconfirmed" });

    const resent = await user.client.post(`${ADDRESSES}/${row.id}/resend`);
    expect(resent.status).toBe(200);
    const fresh = await mailedToken(user.email, 2);
    expect(fresh).not.toBe(old);
    expect((await confirm(old)).status).toBe(404);
    expect((await confirm(fresh)).status).toBe(200);
    expect((await user.client.post(`${ADDRESSES}/${row.id}/resend`)).status).toBe(409);
    expect((await audits(row.id)).map((entry) => entry.action)).toEqual(["withdrawal_address.add", "withdrawal_address.resend_link", "withdrawal_address.confirm"]);
  });

  it("a made-up token, and another user's address ids, are a 404 that changes nothing", async () => {
    const owner = await person();
    const other = await person();
    const row: WithdrawalAddressDto = await (await add(owner, { address: freshWallet(), label: "Mine" })).json();
    expect((await confirm("A".repeat(43))).status).toBe(404);
    expect((await confirm("not a token")).status).toBe(400);
    expect((await remove(other, row.id)).status).toBe(404);
    expect((await other.client.post(`${ADDRESSES}/${row.id}/resend`)).status).toBe(404);
    expect(await listOf(other)).toEqual([]);
    expect(await listOf(owner)).toEqual([expect.objectContaining({ id: row.id, status: "unconfirmed" })]);
    expect(suite.server.mailer.find(owner.email, /confirm your new withdrawal address/i)).toHaveLength(1);
  });
});

describe("payouts", () => {
  const pay = (who: Person, walletAddress: string, amountCents = 5_000) => who.client.post("/api/payouts", { amountCents, walletAddress });
  const preview = (who: Person, walletAddress: string) => who.client.post("/api/payouts/preview", { amountCents: 5_000, walletAddress });
  const refusal = async (response: Response) => {
    expect(response.status).toBe(403);
    const { error } = await response.json();
    expect(error.code).toBe("ADDRESS_NOT_ALLOWED");
    expect(error.fields).toEqual({ walletAddress: error.message });
    return error.message as string;
  };
  /** Nothing held and no payout recorded for `who`. */
  const nothingMoved = async (who: Person, funds: number) => {
    expect(await summary(who)).toMatchObject({ mainBalanceCents: funds, totalBalanceCents: funds });
    expect(await db().select().from(payout).where(eq(payout.userId, who.id))).toEqual([]);
    expect(await db().select().from(journal).where(and(eq(journal.userId, who.id), eq(journal.kind, "payout_request")))).toEqual([]);
  };

  it("wait for the delay after confirmation: refused one second before usableFrom, taken at it", async () => {
    const user = await person({ funds: 100_000n });
    const listed = await addAndConfirm(user);
    const usableFrom = Date.parse(listed.usableFrom!);
    suite.server.clock.advance(usableFrom - suite.server.clock.now().getTime() - 1000);
    const early = await refusal(await pay(user, listed.address));
    expect(early).toBe(`This address is confirmed and can be used from ${listed.usableFrom!.slice(0, 16).replace("T", " ")} UTC.`);
    expect(await refusal(await preview(user, listed.address))).toBe(early);
    expect((await listOf(user))[0]).toMatchObject({ status: "waiting" });
    await nothingMoved(user, 100_000);

    suite.server.clock.advance(Math.max(0, usableFrom - suite.server.clock.now().getTime()));
    expect((await listOf(user))[0]).toMatchObject({ status: "usable" });
    expect((await preview(user, listed.address)).status).toBe(200);
    expect((await pay(user, listed.address)).status).toBe(201);
  });

  it("to an address not on the caller's list, not confirmed, another user's or removed are refused, holding nothing", async () => {
    const user = await person({ funds: 100_000n });
    const other = await person();
    const theirs = await listWallet(db(), other.id);
    expect(await refusal(await pay(user, theirs))).toMatch(/^This address is not on your list of withdrawal addresses\. Add it in Settings/);
    expect(await refusal(await pay(user, freshWallet()))).toMatch(/not on your list/);

    const unconfirmed = freshWallet();
    expect((await add(user, { address: unconfirmed, label: "Later" })).status).toBe(201);
    expect(await refusal(await pay(user, unconfirmed))).toBe("This address is not confirmed yet: open the link we e-mailed you when you added it.");

    const usable = await listWallet(db(), user.id);
    const [row] = await db().select().from(withdrawalAddress).where(and(eq(withdrawalAddress.userId, user.id), eq(withdrawalAddress.address, usable)));
    expect((await remove(user, row!.id)).status).toBe(200);
    expect(await refusal(await pay(user, usable))).toMatch(/not on your list/);
    expect(await refusal(await preview(user, usable))).toMatch(/not on your list/);
    await nothingMoved(user, 100_000);
  });

  it("from an unverified account are refused VERIFICATION_REQUIRED first, whatever the address", async () => {
    const user = await person({ funds: 100_000n, identity: false });
    for (const response of [await pay(user, freshWallet()), await preview(user, freshWallet())]) {
      expect(response.status).toBe(403);
      expect((await response.json()).error.code).toBe("VERIFICATION_REQUIRED");
    }
    // Adding an address is preparation, not money leaving: an unverified account may.
    expect((await add(user, { address: freshWallet(), label: "For later" })).status).toBe(201);
    await nothingMoved(user, 100_000);
  });
});

describe.runIf(testDatabaseUrl)("under concurrency (PostgreSQL)", () => {
  it("adds racing past the limit keep the list at the limit, and one link confirms once", async () => {
    const user = await person();
    for (let n = 2; n < WITHDRAWAL_ADDRESS_LIMIT; n++) await listWallet(db(), user.id);
    const statuses = await Promise.all(Array.from({ length: 10 }, (_, n) => add(user, { address: freshWallet(), label: `Race ${n}` }).then((r) => r.status)));
    expect(statuses.filter((status) => status === 201)).toHaveLength(2);
    expect(statuses.filter((status) => status === 409)).toHaveLength(8);
    expect(await listOf(user)).toHaveLength(WITHDRAWAL_ADDRESS_LIMIT);

    const other = await person();
    expect((await add(other, { address: freshWallet(), label: "Once" })).status).toBe(201);
    const token = await mailedToken(other.email);
    const confirms = await Promise.all(Array.from({ length: 10 }, () => confirm(token).then((r) => r.status)));
    expect(confirms.sort()).toEqual([200, ...Array(9).fill(404)]);
    expect((await audits((await listOf(other))[0]!.id)).filter((entry) => entry.action === "withdrawal_address.confirm")).toHaveLength(1);
  });
});

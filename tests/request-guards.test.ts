import { connect } from "node:net";
import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactMessage, deposit, idempotencyRecord, journal, moneyRequest, payout, transfer, user, withdrawalAddress } from "#server/db/schema.js";
import { person, type Person } from "./helpers/people.js";
import { serverSuite } from "./helpers/suite.js";
import { uniqueEmail, CONSENT } from "./helpers/test-server.js";

const suite = serverSuite();
const WALLET = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";
const ID = "00000000-0000-0000-0000-000000000000";

/** Every kind of state-changing request we serve, with a body that would be accepted from our own pages. */
function mutations(recipient: string): Array<[method: string, path: string, body: unknown]> {
  return [
    ["POST", "/api/transfers", { toEmail: recipient, amountCents: 1_000 }],
    ["POST", "/api/payouts", { amountCents: 2_000, walletAddress: WALLET }],
    ["POST", `/api/payouts/${ID}/cancel`, {}],
    ["POST", "/api/deposits", { method: "bank", bank: "uba", amountCents: 5_000 }],
    ["POST", "/api/investments", { planId: "standard", amountCents: 50_000 }],
    ["PATCH", `/api/investments/${ID}`, { maturityInstruction: "rollover_all" }],
    ["POST", `/api/investments/${ID}/early-withdrawal`, {}],
    ["POST", "/api/money-requests", { fromEmail: recipient, amountCents: 1_000 }],
    ["POST", `/api/money-requests/${ID}/pay`, {}],
    ["POST", `/api/money-requests/${ID}/decline`, {}],
    ["POST", "/api/me/withdrawal-addresses", { address: WALLET, label: "Mine" }],
    ["POST", "/api/me/withdrawal-addresses/confirm", { token: "A".repeat(43) }],
    ["DELETE", `/api/me/withdrawal-addresses/${ID}`, {}],
    ["POST", "/api/notifications/read-all", {}],
    ["POST", `/api/notifications/${ID}/read`, {}],
    ["POST", "/api/contact", { name: "Ada", email: "ada@example.com", subject: "Hi", message: "Hello there" }],
    ["POST", `/api/admin/deposits/${ID}/confirm`, {}],
    ["POST", `/api/admin/deposits/${ID}/reject`, { reason: "no" }],
    ["POST", `/api/admin/payouts/${ID}/mark-paid`, { txId: "abc" }],
    ["POST", `/api/admin/payouts/${ID}/reject`, { reason: "no" }],
    ["POST", `/api/admin/users/${ID}/credit-interest`, { reason: "Matured late" }],
    ["POST", `/api/admin/users/${ID}/ban`, { reason: "Fraud report" }],
    ["POST", `/api/admin/users/${ID}/role`, { role: "admin", reason: "New operator" }],
    ["PUT", "/api/admin/plans/standard", { name: "Standard" }],
    ["POST", "/api/auth/sign-in/email", { email: recipient, password: "Sturdy-Ledger-4821" }],
    ["POST", "/api/auth/sign-up/email", { name: "New", email: uniqueEmail(), password: "Sturdy-Ledger-4821", ...CONSENT }],
    ["POST", "/api/auth/sign-out", {}],
    ["POST", "/api/auth/update-user", { name: "Renamed" }],
    ["POST", "/api/auth/change-password", { currentPassword: "Sturdy-Ledger-4821", newPassword: "Changed-Ledger-4242" }],
    ["POST", "/api/auth/two-factor/enable", { password: "Sturdy-Ledger-4821" }],
    ["POST", "/api/auth/request-password-reset", { email: recipient, redirectTo: "/reset-password" }],
  ];
}

/** Everything a forged request could have changed. */
async function snapshot(people: Person[]) {
  const db = suite.database.handle.db;
  const counts = await Promise.all(
    [journal, deposit, payout, transfer, moneyRequest, contactMessage, idempotencyRecord, user, withdrawalAddress].map(async (table) => (await db.select({ n: count() }).from(table))[0]?.n),
  );
  const figures = await Promise.all(people.map(async (p) => (await p.client.get("/api/me/summary")).json()));
  const sessions = await Promise.all(people.map(async (p) => (await p.client.get("/api/session")).json()));
  return { counts, figures, names: sessions.map((s) => s?.user.name), twoFactor: sessions.map((s) => s?.user.twoFactorEnabled) };
}

async function send(p: Person, method: string, path: string, body: BodyInit, headers: Record<string, string>) {
  const cookie = [...p.client.cookies].map(([name, { value }]) => `${name}=${value}`).join("; ");
  return fetch(new URL(path, suite.server.url), { method, body, headers: { Cookie: cookie, "X-Forwarded-For": p.client.ip, ...headers } });
}

describe("a request from another origin", () => {
  const forgeries: Array<[string, Record<string, string>]> = [
    ["another Origin, as text/plain", { Origin: "https://evil.example", "Content-Type": "text/plain" }],
    ["another Origin, as JSON", { Origin: "https://evil.example", "Content-Type": "application/json" }],
    ["the opaque Origin null", { Origin: "null", "Content-Type": "application/json" }],
    ["a look-alike Origin", { Origin: "http://localhost.evil.example", "Content-Type": "application/json" }],
    ["our host on another scheme", { Origin: "https://localhost", "Content-Type": "application/json" }],
    ["no Origin and another site's Referer", { Referer: "https://evil.example/page", "Content-Type": "application/json" }],
    ["neither Origin nor Referer", { "Content-Type": "application/json" }],
  ];

  it.each(forgeries)("with %s is refused with 403 CSRF_REJECTED on every state-changing route, and changes nothing", async (_label, headers) => {
    const admin = await person(suite, { admin: true });
    const victim = await person(suite, { funds: 100_000n });
    const recipient = await person(suite);
    const before = await snapshot([admin, victim, recipient]);
    for (const [method, path, body] of mutations(recipient.email)) {
      const actor = path.startsWith("/api/admin") ? admin : victim;
      const response = await send(actor, method, path, JSON.stringify(body), headers);
      expect({ path, status: response.status }).toEqual({ path, status: 403 });
      expect((await response.json()).error.code).toBe("CSRF_REJECTED");
    }
    expect(await snapshot([admin, victim, recipient])).toEqual(before);
  });

  it("is refused on every method that can change something, on any path (one no route answers too), and a GET is still answered", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      for (const path of ["/api/transfers", "/api/no-such-route", "/no-such-page"]) {
        const response = await fetch(new URL(path, suite.server.url), { method, body: "{}", headers: { Origin: "https://evil.example", "Content-Type": "application/json" } });
        expect({ method, path, status: response.status }).toEqual({ method, path, status: 403 });
      }
    }
    expect((await fetch(new URL("/api/plans", suite.server.url), { headers: { Origin: "https://evil.example" } })).status).toBe(200);
  });

  it("is accepted from our own pages by their Referer when a browser sends no Origin", async () => {
    const victim = await person(suite, { funds: 100_000n });
    const recipient = await person(suite);
    const response = await send(victim, "POST", "/api/transfers", JSON.stringify({ toEmail: recipient.email, amountCents: 1_000 }), {
      Referer: `${suite.server.url}/dashboard/transaction`,
      "Content-Type": "application/json",
    });
    expect(response.status).toBe(201);
  });
});

describe("the JSON API", () => {
  it.each(["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonp"])(
    "answers a body sent as %s with 415 and changes nothing",
    async (type) => {
      const victim = await person(suite, { funds: 100_000n });
      const recipient = await person(suite);
      const before = await snapshot([victim, recipient]);
      for (const [method, path, body] of mutations(recipient.email).filter(([, path]) => !path.startsWith("/api/admin"))) {
        const response = await send(victim, method, path, JSON.stringify(body), { Origin: suite.server.url, "Content-Type": type });
        expect({ path, status: response.status }).toEqual({ path, status: 415 });
      }
      expect(await snapshot([victim, recipient])).toEqual(before);
    },
  );

  it("takes a request with no body and no type (a DELETE), but not an empty one typed as a form", async () => {
    const victim = await person(suite);
    const added = await (await victim.client.post("/api/me/withdrawal-addresses", { address: WALLET, label: "Mine" })).json();
    const path = `/api/me/withdrawal-addresses/${added.id}`;
    const form = await fetch(new URL(path, suite.server.url), {
      method: "DELETE",
      headers: { Cookie: [...victim.client.cookies].map(([name, { value }]) => `${name}=${value}`).join("; "), Origin: suite.server.url, "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    expect((await victim.client.request(path, { method: "DELETE" })).status).toBe(200);
  });

  it("accepts application/json with a charset", async () => {
    const victim = await person(suite, { funds: 100_000n });
    const recipient = await person(suite);
    const response = await send(victim, "POST", "/api/transfers", JSON.stringify({ toEmail: recipient.email, amountCents: 1_000 }), {
      Origin: suite.server.url,
      "Content-Type": "Application/JSON; charset=utf-8",
    });
    expect(response.status).toBe(201);
  });
});

describe("deeply nested bodies", () => {
  it("are a 400 on every route, better-auth's included, before any parser recurses into them", async () => {
    const victim = await person(suite, { funds: 100_000n });
    const recipient = await person(suite);
    const before = await snapshot([victim, recipient]);
    const nested = (depth: number) => `{"name":${"[".repeat(depth - 1)}1${"]".repeat(depth - 1)}}`;
    for (const [method, path] of mutations(recipient.email)) {
      const response = await send(victim, method, path, nested(4_000), { Origin: suite.server.url, "Content-Type": "application/json" });
      expect({ path, status: response.status }).toEqual({ path, status: 400 });
      expect((await response.json()).error).toMatchObject({ code: "VALIDATION_FAILED", message: "The request body must not nest deeper than 32 levels." });
    }
    expect(await snapshot([victim, recipient])).toEqual(before);
    // 32 levels are read as usual: the schema answers for the field.
    const deepest = await send(victim, "POST", "/api/auth/update-user", nested(32), { Origin: suite.server.url, "Content-Type": "application/json" });
    expect(deepest.status).toBe(400);
    expect(await deepest.text()).not.toMatch(/nest deeper/);
    expect(suite.server.logs.join("")).not.toMatch(/RangeError|unhandled error/);
  });
});

describe("bodies that are not UTF-8", () => {
  it("are a 400 on every route, better-auth's included, and change nothing: never stored as replacement characters", async () => {
    const victim = await person(suite, { funds: 100_000n });
    const recipient = await person(suite);
    const before = await snapshot([victim, recipient]);
    // A transfer's note and a new name, each ending in bytes no UTF-8 text holds.
    const withBadBytes = (json: string) => new Uint8Array([...Buffer.from(json.slice(0, -2)), 0xff, 0xfe, 0xc3, ...Buffer.from(json.slice(-2))]);
    for (const [path, body] of [
      ["/api/transfers", JSON.stringify({ toEmail: recipient.email, amountCents: 100, note: "rent" })],
      ["/api/auth/update-user", JSON.stringify({ name: "Renamed" })],
    ] as const) {
      const response = await send(victim, "POST", path, withBadBytes(body), { Origin: suite.server.url, "Content-Type": "application/json" });
      expect({ path, status: response.status }).toEqual({ path, status: 400 });
      expect((await response.json()).error).toMatchObject({ code: "VALIDATION_FAILED", message: "The request body is not valid UTF-8." });
    }
    expect(await snapshot([victim, recipient])).toEqual(before);
  });
});

describe("a client that goes away before its body arrives", () => {
  it("is logged as such, not as a server error, and the server answers on", async () => {
    const { port } = new URL(suite.server.url);
    const logged = suite.server.logs.length;
    for (const path of ["/api/auth/sign-in/email", "/api/contact"]) {
      // Ten bytes of a declared hundred, then the connection closes.
      await new Promise<void>((resolve, reject) => {
        const socket = connect(Number(port), "127.0.0.1", () => {
          socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${suite.server.url}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":`);
          setTimeout(() => socket.destroy(), 150);
        });
        socket.on("close", () => resolve());
        socket.on("error", reject);
      });
    }
    await expect.poll(() => suite.server.logs.slice(logged).join("").match(/closed the connection before its request arrived/g)?.length ?? 0).toBe(2);
    const lines = suite.server.logs.slice(logged).join("");
    expect(lines).not.toMatch(/unhandled error|request failed/);
    expect(lines).toMatch(/"status":499/);
    expect((await fetch(new URL("/readyz", suite.server.url))).status).toBe(200);
  });
});

describe("bodies over 64 KB", () => {
  const big = (field: string) => JSON.stringify({ [field]: "x".repeat(70_000) });

  it.each(["/api/transfers", "/api/contact", "/api/auth/sign-up/email", "/api/auth/sign-in/email", "/api/auth/update-user"])(
    "are refused with 413 PAYLOAD_TOO_LARGE on %s, and nothing is stored",
    async (path) => {
      const victim = await person(suite, { funds: 100_000n });
      const before = await snapshot([victim]);
      const response = await send(victim, "POST", path, big(path.includes("sign") ? "email" : "name"), { Origin: suite.server.url, "Content-Type": "application/json" });
      expect(response.status).toBe(413);
      expect((await response.json()).error.code).toBe("PAYLOAD_TOO_LARGE");
      expect(await snapshot([victim])).toEqual(before);
    },
  );

  it("are cut off at the limit when sent without a length, without reading the rest", async () => {
    const victim = await person(suite);
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        // 50 MB if the server read it all; it must answer long before.
        if (sent > 50 * 1024 * 1024) return controller.close();
        sent += 16 * 1024;
        controller.enqueue(new Uint8Array(16 * 1024).fill(0x61));
      },
    });
    const cookie = [...victim.client.cookies].map(([name, { value }]) => `${name}=${value}`).join("; ");
    const response = await fetch(new URL("/api/transfers", suite.server.url), {
      method: "POST",
      body: endless,
      duplex: "half",
      headers: { Cookie: cookie, Origin: suite.server.url, "Content-Type": "application/json" },
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(10 * 1024 * 1024);
  });
});

describe("signed-in answers", () => {
  it.each(["/api/me/summary", "/api/session", "/api/transactions", "/api/notifications"])("carry Cache-Control: no-store (%s)", async (path) => {
    const victim = await person(suite);
    const response = await victim.client.get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});

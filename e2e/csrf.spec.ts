import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { APIRequestContext, Page, Request, Response } from "@playwright/test";
import { BASE_URL, createUser, expect, fund, listWallet, newAdminPage, signInViaApi, test, expectRefusedRequest } from "./fixtures.js";
import { freshWallet } from "../tests/helpers/wallets.js";

/**
 * Pages of another origin that try to make a signed-in visitor's browser move money on Termvest:
 * an auto-submitted text/plain form whose body looks like JSON, and a no-cors fetch with the
 * visitor's cookies. Served by a tiny HTTP server of the test's own, on another port.
 */
function attackPages(target: { path: string; body: Record<string, unknown> }): string {
  const json = JSON.stringify(target.body);
  // A text/plain form sends "name=value": put all of the JSON but its end in the name, so the body reads as JSON.
  const name = `${json.slice(0, -1)},"pad":"`;
  const form = `<!doctype html><html><body>
<form id="attack" method="post" enctype="text/plain" action="${BASE_URL}${target.path}">
<input type="hidden" name='${name.replace(/'/g, "&#39;")}' value='"}'>
</form>
<script>document.getElementById("attack").submit();</script>
</body></html>`;
  const fetchPage = `<!doctype html><html><body><p id="done">sending</p>
<script>
fetch(${JSON.stringify(BASE_URL + target.path)}, {
  method: "POST", credentials: "include", mode: "no-cors",
  headers: { "Content-Type": "text/plain" }, body: ${JSON.stringify(json)}
}).then(() => { document.getElementById("done").textContent = "sent"; }, () => { document.getElementById("done").textContent = "failed"; });
</script></body></html>`;
  return JSON.stringify({ form, fetchPage });
}

async function startAttacker(): Promise<{ server: Server; port: number; serve: (pages: string) => void }> {
  let current = { form: "", fetchPage: "" };
  const server = createServer((request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(request.url?.startsWith("/fetch") ? current.fetchPage : current.form);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { server, port, serve: (pages) => (current = JSON.parse(pages) as typeof current) };
}

interface Snapshot {
  summary: unknown;
  payouts: unknown;
  deposits: unknown;
  history: unknown;
  withdrawalAddresses: unknown;
}

async function snapshot(request: APIRequestContext): Promise<Snapshot> {
  const read = async (path: string) => {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    return response.json();
  };
  return {
    summary: await read("/api/me/summary"),
    payouts: await read("/api/payouts"),
    deposits: await read("/api/deposits"),
    history: await read("/api/transactions"),
    withdrawalAddresses: await read("/api/me/withdrawal-addresses"),
  };
}

/** Visits the attacker's page and waits for the browser's request to Termvest to be answered. */
async function attack(page: Page, url: string, path: string): Promise<Response> {
  const answered = page.waitForResponse((response) => response.url() === `${BASE_URL}${path}` && response.request().method() === "POST");
  await page.goto(url);
  return answered;
}

/**
 * Visits the attacker's no-cors fetch page and waits for the browser to give up on the request: the
 * server refuses it, and its Cross-Origin-Resource-Policy keeps even that answer from the page.
 */
async function attackWithFetch(page: Page, url: string, path: string): Promise<Request> {
  const failed = page.waitForEvent("requestfailed", (request) => request.url() === `${BASE_URL}${path}` && request.method() === "POST");
  await page.goto(url);
  return failed;
}

/** A payable address of this file's own: four eyes counts the payouts to one address over 24 hours. */
const ADDRESS = freshWallet();

test.describe("cross-site request forgery", () => {
  test("another site's auto-submitted form and no-cors fetch move no money", async ({ page, request, browser }) => {
    expectRefusedRequest(403, "/api/transfers");
    expectRefusedRequest(403, "/api/payouts");
    expectRefusedRequest(403, "/api/deposits");
    expectRefusedRequest(403, "/api/me/withdrawal-addresses");
    expectRefusedRequest(404, "/favicon.ico");
    for (const path of ["/api/transfers", "/api/payouts", "/api/deposits", "/api/me/withdrawal-addresses"]) expectRefusedRequest("blocked", path);
    test.setTimeout(90_000);
    const attacker = await startAttacker();
    try {
      const victim = await createUser(request, { name: "Funmi Victim" });
      const thief = await createUser(request, { name: "Thief" });
      await signInViaApi(page, victim.email, victim.password);
      const admin = await newAdminPage(browser);
      await fund(page.request, admin.request, 50_000);
      await admin.context().close();
      // Listed, so only the Origin check stands between the forged payout and the victim's money.
      await listWallet(page.request, { address: ADDRESS });
      const before = await snapshot(page.request);
      const thiefPage = await (await browser.newContext({ baseURL: BASE_URL })).newPage();
      await signInViaApi(thiefPage, thief.email, thief.password);
      const thiefBefore = await (await thiefPage.request.get("/api/me/summary")).json();

      const targets = [
        { path: "/api/transfers", body: { toEmail: thief.email, amountCents: 10_000, note: "gift" } },
        { path: "/api/payouts", body: { amountCents: 10_000, walletAddress: ADDRESS } },
        { path: "/api/deposits", body: { method: "crypto", amountCents: 10_000, coin: "BTC" } },
        { path: "/api/me/withdrawal-addresses", body: { address: freshWallet(), label: "Thief's wallet" } },
      ];
      // 127.0.0.1 is another site; localhost on another port is the same site but another origin,
      // where the browser does send the SameSite=Lax session cookie: only the Origin check stops it.
      const origins = [`http://127.0.0.1:${attacker.port}`, `http://localhost:${attacker.port}`];
      for (const origin of origins) {
        for (const target of targets) {
          attacker.serve(attackPages(target));
          const viaForm = await attack(page, `${origin}/form`, target.path);
          expect(viaForm.status(), `form from ${origin} to ${target.path}`).toBe(403);
          expect(((await viaForm.json()) as { error: { code: string } }).error.code).toBe("CSRF_REJECTED");
          expect(viaForm.request().headers()["content-type"]).toMatch(/^text\/plain/);
          expect(JSON.parse(viaForm.request().postData() ?? ""), "the form's body reads as the JSON the API takes").toMatchObject(target.body);
          const cookies = (await viaForm.request().allHeaders()).cookie ?? "";
          // Same site: the browser did send the session, and the Origin check alone refused the request.
          if (origin.includes("localhost")) expect(cookies, "the session cookie went along").toContain("session_token");

          const viaFetch = await attackWithFetch(page, `${origin}/fetch`, target.path);
          expect(viaFetch.failure()?.errorText, `fetch from ${origin} to ${target.path}`).toContain("ERR_BLOCKED_BY_RESPONSE");
          await expect(page.locator("#done")).toHaveText("failed");
        }
      }

      // Nothing moved: the victim's figures, payouts, deposits and history are as before.
      expect(await snapshot(page.request)).toEqual(before);
      expect(await (await thiefPage.request.get("/api/me/summary")).json()).toEqual(thiefBefore);
      await thiefPage.context().close();
    } finally {
      attacker.server.close();
    }
  });
});

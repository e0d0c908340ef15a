import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { BASE_URL, bankReference, card, createUser, expectNoSeriousAxe, newAdminPage, overflow, expect, signInViaApi, test, visit, expectRefusedRequest } from "./fixtures.js";

const CARDS = ["Main Balance", "Interest Balance", "Total Invest", "Total Payout", "Total Transaction", "Total Balance"];
const REJECT_REASON = "No transfer with this reference reached our account.";


test.describe("deposits", () => {
  test("crypto and bank deposits stay pending until an admin confirms or rejects them", async ({ page, request, browser }) => {
    const user = await createUser(request, { name: "Chidi Okafor" });
    await signInViaApi(page, user.email, user.password);

    // A new account: the Total Balance and the way to a first deposit, no six cards of $0.00, an empty deposit list.
    await visit(page, "/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Chidi Okafor" })).toBeVisible();
    await expect(page.getByTestId("first-deposit")).toContainText("Total Balance$0.00");
    await expect(page.getByRole("list", { name: "Balances" })).toHaveCount(0);
    await expect(page.getByTestId("deposits-empty")).toBeVisible();

    // Crypto, through the method chooser.
    await page.getByRole("link", { name: "Make a deposit" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Choose Transfer Method" })).toBeVisible();
    await page.getByRole("link", { name: /Crypto Transfer/ }).click();
    await expect(page).toHaveURL(`${BASE_URL}/dashboard/transfer/crypto`);
    await expect(page.getByText(/Send Bitcoin from your own wallet to the deposit address below/)).toBeVisible();
    await page.getByLabel("Amount").fill("250.50");
    await page.getByLabel("Select Coin").selectOption({ label: "Bitcoin" });
    await expect(page.getByText("Send BTC to this address")).toBeVisible();
    await expect(page.getByTestId("deposit-address")).toHaveText(/^(bc1|tb1)\w+$/);
    await expect(page.getByRole("img", { name: /QR code/ })).toHaveAttribute("src", /^data:image\/png;base64,/);
    await page.getByLabel("Transaction ID (optional)").fill("e3b0c44298fc1c149afbf4c8996fb924");
    await page.getByRole("button", { name: "I've Sent the Funds" }).click();

    const thanks = page.getByRole("dialog", { name: "Thanks!" });
    await expect(thanks).toBeVisible();
    await expect(thanks).toContainText("We've recorded your deposit. It is pending until our team confirms the transfer arrived.");
    await expect(thanks.getByRole("button", { name: "OK" })).toBeFocused();
    const cryptoReference = (await thanks.locator("strong").textContent())?.trim() ?? "";
    expect(cryptoReference).toMatch(/^TV-[A-Z0-9]{8}$/);
    await thanks.getByRole("button", { name: "OK" }).click();
    await expect(thanks).toBeHidden();
    await expect(page.getByLabel("Amount")).toHaveValue("");

    // Bank.
    await visit(page, "/dashboard/transfer");
    await page.getByRole("link", { name: /Bank Transfer/ }).click();
    await expect(page).toHaveURL(`${BASE_URL}/dashboard/transfer/fund`);
    await expect(page.getByRole("button", { name: "I've Sent The Funds" })).toHaveCount(0);
    await page.getByLabel("Select Bank").selectOption({ label: "GTBank" });
    // The e2e server has no bank settings: the accounts are examples, and say so.
    await expect(page.getByTestId("bank-account-number")).toHaveText(/^\d{6,20} \(example\)$/);
    // The reference to quote is there before the money is sent.
    const bankReference = (await page.getByTestId("bank-reference").textContent())?.trim() ?? "";
    expect(bankReference).toMatch(/^TV-[A-Z0-9]{8}$/);
    expect(bankReference).not.toBe(cryptoReference);
    await expect(page.getByText("Transfers are processed instantly and cannot be reversed.")).toHaveCount(0);
    // With the crypto claim, $950.50 of the $1,000 an unverified account may deposit.
    await page.getByLabel("Amount").fill("700");
    await page.getByRole("button", { name: "I've Sent The Funds" }).click();
    await expect(page.getByText("Your reference:")).toBeVisible();
    await expect(page.getByTestId("deposit-reference")).toHaveText(bankReference);

    // Both pending; nothing credited.
    await visit(page, "/dashboard");
    for (const label of CARDS) await expect(card(page, label)).toContainText("$0.00");
    const cryptoRow = page.getByTestId("my-deposit").filter({ hasText: cryptoReference });
    const bankRow = page.getByTestId("my-deposit").filter({ hasText: bankReference });
    await expect(cryptoRow).toContainText("$250.50 claimed, not credited");
    await expect(cryptoRow).toContainText("Crypto (BTC)");
    await expect(cryptoRow).toContainText("Pending");
    await expect(bankRow).toContainText("$700.00");
    await expect(bankRow).toContainText("Bank transfer (GTBank)");
    await expect(bankRow).toContainText("Pending");

    // The operator confirms the crypto deposit for what actually arrived and rejects the bank one.
    const admin = await newAdminPage(browser);
    // The back office opens on its overview; the pending deposits' panel leads to the queue.
    await visit(admin, "/dashboard/admin");
    await admin.getByTestId("overview-deposits").getByRole("link", { name: "Open the queue" }).click();
    await expect(admin).toHaveURL(`${BASE_URL}/dashboard/admin/deposits?status=pending`);
    await expect(admin.getByRole("heading", { level: 1, name: "Deposits" })).toBeVisible();
    const pendingCrypto = admin.getByTestId("admin-deposit").filter({ hasText: cryptoReference });
    await expect(pendingCrypto).toContainText(user.email);
    await expect(pendingCrypto).toContainText("e3b0c44298fc1c149afbf4c8996fb924");
    await pendingCrypto.getByRole("button", { name: "Review" }).click();
    await pendingCrypto.getByLabel("Amount received").fill("250");
    // Less than the claim: the investor is told why.
    await pendingCrypto.getByRole("button", { name: "Confirm" }).click();
    await expect(pendingCrypto.getByLabel("Reason")).toHaveAccessibleDescription(/^Say why less than the claimed amount is credited/);
    await pendingCrypto.getByLabel("Reason").fill("A network fee of $0.50 was taken on the way.");
    await pendingCrypto.getByRole("button", { name: "Confirm" }).click();
    await expect(admin.getByTestId("admin-outcome")).toContainText(`Confirmed ${cryptoReference}: $250.00 credited`);
    await expect(pendingCrypto).toHaveCount(0);

    const pendingBank = admin.getByTestId("admin-deposit").filter({ hasText: bankReference });
    await pendingBank.getByRole("button", { name: "Review" }).click();
    await pendingBank.getByRole("button", { name: "Reject" }).click();
    await pendingBank.getByRole("button", { name: "Reject deposit" }).click();
    await expect(pendingBank.getByText("Give a reason for the rejection.")).toBeVisible();
    await pendingBank.getByLabel("Reason for rejection").fill(REJECT_REASON);
    await pendingBank.getByRole("button", { name: "Reject deposit" }).click();
    await expect(admin.getByTestId("admin-outcome")).toContainText(`Rejected ${bankReference}`);
    await expect(pendingBank).toHaveCount(0);
    await admin.context().close();

    // The user sees the money, the outcome of each claim, the history and the notifications.
    await visit(page, "/dashboard");
    await expect(card(page, "Main Balance")).toContainText("$250.00");
    await expect(card(page, "Total Transaction")).toContainText("$250.00");
    await expect(card(page, "Total Balance")).toContainText("$250.00");
    await expect(card(page, "Interest Balance")).toContainText("$0.00");
    await expect(cryptoRow).toContainText("Confirmed");
    await expect(cryptoRow.getByTestId("deposit-credited")).toHaveText("$250.00");
    await expect(cryptoRow.getByTestId("deposit-claimed")).toHaveText("$250.50");
    await expect(cryptoRow).toContainText("Why: A network fee of $0.50 was taken on the way.");
    await expect(bankRow).toContainText("Rejected");
    await expect(bankRow).toContainText(`Reason: ${REJECT_REASON}`);

    const bell = page.getByRole("button", { name: "Notifications (2 unread)" });
    await expect(bell).toBeVisible();
    await bell.click();
    const panel = page.getByRole("region", { name: "Notifications" });
    await expect(panel).toContainText(cryptoReference);
    await expect(panel).toContainText(bankReference);
    // Opening one marks it read (and follows its link, if any, closing the panel).
    await panel.getByRole("listitem").filter({ hasText: cryptoReference }).getByRole("link").or(panel.getByRole("listitem").filter({ hasText: cryptoReference }).getByRole("button")).click();
    await expect(page.getByRole("button", { name: "Notifications (1 unread)" })).toBeVisible();
    if (!(await panel.isVisible())) await page.getByRole("button", { name: "Notifications (1 unread)" }).click();
    await panel.getByRole("button", { name: "Mark all as read" }).click();
    await expect(page.getByRole("button", { name: "Notifications", exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();

    await visit(page, "/dashboard/transaction");
    await expect(page.getByRole("heading", { level: 1, name: "Transaction History" })).toBeVisible();
    const entry = page.getByRole("row").filter({ hasText: cryptoReference });
    await expect(entry).toContainText("Deposit confirmed");
    await expect(entry).toContainText("+$250.00");
    await expect(page.getByRole("link", { name: "Download CSV" })).toHaveAttribute("href", "/api/transactions?format=csv");
  });

  test("the crypto form checks the amount and copies the address", async ({ page, request, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE_URL });
    const user = await createUser(request);
    await signInViaApi(page, user.email, user.password);
    await visit(page, "/dashboard/transfer/crypto");
    await expect(page.getByRole("heading", { level: 1, name: "Transfer with Crypto" })).toBeVisible();
    await expect(page.getByLabel("Amount")).toHaveAttribute("placeholder", "0.0");
    await expect(page.getByLabel("Select Coin").locator("option")).toHaveText(["-- Choose Wallet --", "Bitcoin"]);
    await page.getByLabel("Select Coin").selectOption("BTC");

    const alerts: string[] = [];
    page.on("dialog", (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole("button", { name: "I've Sent the Funds" }).click();
    // Said on the page, beside the field; no alert() on the deposit pages.
    await expect(page.getByLabel("Amount")).toHaveAccessibleDescription(/Please enter an amount first\./);

    await page.getByLabel("Amount").fill("5");
    await page.getByRole("button", { name: "I've Sent the Funds" }).click();
    await expect(page.getByText("The smallest deposit is $10.00.")).toBeVisible();
    await expect(page.getByLabel("Amount")).toHaveAttribute("aria-invalid", "true");

    const address = (await page.getByTestId("deposit-address").textContent()) ?? "";
    await page.getByRole("button", { name: "Copy Address" }).click();
    await expect(page.getByRole("button", { name: "Copied!" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    await expect(page.getByRole("button", { name: "Copy Address" })).toBeVisible({ timeout: 4_000 });

    // Nothing was recorded by the refused attempts.
    const mine = await page.request.get("/api/deposits");
    expect((await mine.json()).items).toEqual([]);
    expect(alerts).toEqual([]);
  });

  test("a deposit decided elsewhere shows the server's message and leaves the queue", async ({ page, request, browser }) => {
    expectRefusedRequest(409, "/api/admin/deposits/");
    const user = await createUser(request);
    await signInViaApi(page, user.email, user.password);
    const created = await page.request.post("/api/deposits", {
      data: { method: "bank", amountCents: 5_000, bank: "uba", reference: await bankReference(page.request) },
      headers: { "Origin": BASE_URL, "Idempotency-Key": randomUUID() },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id, reference } = (await created.json()) as { id: string; reference: string };

    const admin = await newAdminPage(browser);
    await visit(admin, "/dashboard/admin/deposits");
    const row = admin.getByTestId("admin-deposit").filter({ hasText: reference });
    await expect(row).toBeVisible();

    // Another operator confirms it first.
    const first = await admin.request.post(`/api/admin/deposits/${id}/confirm`, { data: {}, headers: { "Origin": BASE_URL, "Idempotency-Key": randomUUID() } });
    expect(first.status(), await first.text()).toBe(200);

    await row.getByRole("button", { name: "Review" }).click();
    await row.getByRole("button", { name: "Reject" }).click();
    await row.getByLabel("Reason for rejection").fill("Duplicate claim.");
    await row.getByRole("button", { name: "Reject deposit" }).click();
    await expect(admin.getByTestId("admin-outcome")).toContainText(/already/i);
    await expect(row).toHaveCount(0);
    await admin.context().close();
  });

  for (const width of [1280, 375]) {
    test(`the bank page gives the reference before "I've Sent The Funds" and the crypto page says what happens, at ${width} px`, async ({ page, request, context }) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE_URL });
      await page.setViewportSize({ width, height: 900 });
      const user = await createUser(request);
      await signInViaApi(page, user.email, user.password);

      await visit(page, "/dashboard/transfer/fund");
      await page.getByLabel("Select Bank").selectOption({ label: "UBA" });
      const reference = page.getByTestId("bank-reference");
      await expect(reference).toHaveText(await bankReference(page.request));
      await expect(page.getByText("Quote this payment reference")).toBeVisible();
      const button = page.getByRole("button", { name: "I've Sent The Funds" });
      const [referenceBox, buttonBox] = [await reference.boundingBox(), await button.boundingBox()];
      expect(referenceBox && buttonBox && referenceBox.y + referenceBox.height <= buttonBox.y, "the reference comes before the button").toBe(true);
      await expect(page.getByRole("note")).toContainText("Your Main Balance is credited when our team confirms the transfer arrived in our account");
      await expect(page.getByText(/processed instantly|cannot be reversed/)).toHaveCount(0);
      await page.getByRole("button", { name: "Copy reference" }).click();
      await expect(page.getByRole("button", { name: "Copied!" })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await reference.textContent());
      expect(await overflow(page), "horizontal overflow on the bank page").toBeLessThanOrEqual(0);
      await expectNoSeriousAxe(page, `bank page at ${width} px`);

      // The deposit takes that reference; the next transfer is given a new one.
      const quoted = (await reference.textContent()) ?? "";
      await page.getByLabel("Amount").fill("50");
      await button.click();
      await expect(page.getByTestId("deposit-reference")).toHaveText(quoted);
      await page.getByRole("button", { name: "Make another deposit" }).click();
      await page.getByLabel("Select Bank").selectOption({ label: "GTBank" });
      await expect(reference).toHaveText(/^TV-[A-Z0-9]{8}$/);
      await expect(reference).not.toHaveText(quoted);

      await visit(page, "/dashboard/transfer/crypto");
      await expect(page.getByText(/Send Bitcoin from your own wallet to the deposit address below, then tell us you have sent it\. Your Main Balance is credited once our team confirms the transfer arrived\./)).toBeVisible();
      await expect(page.getByText(/another wallet or email/)).toHaveCount(0);
      await page.getByLabel("Select Coin").selectOption("BTC");
      await expect(page.getByText(/This address is shared by all investors|This address was made for you alone/)).toBeVisible();
      expect(await overflow(page), "horizontal overflow on the crypto page").toBeLessThanOrEqual(0);
    });
  }

  test.describe("at 375 px", () => {
    test.use({ viewport: { width: 375, height: 800 } });

    test("the deposit screens fit the screen and pass axe", async ({ page, request }) => {
      // Several screens, each checked with axe: under a full parallel run this outgrows the default 30 s.
      test.slow();
      const user = await createUser(request, { name: "Adaeze Nwachukwu-Okonkwo" });
      await signInViaApi(page, user.email, user.password);
      const screens: Array<[string, (page: Page) => Promise<void>]> = [
        ["/dashboard", async (p) => void (await expect(p.getByTestId("first-deposit")).toBeVisible())],
        ["/dashboard/transfer", async (p) => void (await expect(p.getByRole("link", { name: /Bank Transfer/ })).toBeVisible())],
        [
          "/dashboard/transfer/crypto",
          async (p) => {
            await p.getByLabel("Select Coin").selectOption("BTC");
            await expect(p.getByRole("img", { name: /QR code/ })).toBeVisible();
          },
        ],
        [
          "/dashboard/transfer/fund",
          async (p) => {
            await p.getByLabel("Select Bank").selectOption("access");
            await expect(p.getByRole("button", { name: "I've Sent The Funds" })).toBeVisible();
          },
        ],
        ["/dashboard/transaction", async (p) => void (await expect(p.getByTestId("history-empty")).toBeVisible())],
        [
          "/dashboard",
          async (p) => {
            await p.getByRole("button", { name: /^Notifications/ }).click();
            await expect(p.getByRole("region", { name: "Notifications" })).toBeVisible();
          },
        ],
      ];
      for (const [path, ready] of screens) {
        await visit(page, path);
        await ready(page);
        expect(await overflow(page), `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
        await expectNoSeriousAxe(page, path);
      }
    });
  });
});

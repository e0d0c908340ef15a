import { randomUUID } from "node:crypto";
import { BASE_URL, createUser, expect, expectFits, fund, listWallet, newAdminPage, overflow, signInViaApi, test, visit } from "./fixtures.js";
import { freshWallet } from "../tests/helpers/wallets.js";

/** A payable address of this file's own: four eyes counts the payouts to one address over 24 hours. */
const ADDRESS = freshWallet();
/** A transaction hash: one 64-character word that must wrap inside a phone-wide list. */
const TX_HASH = "9f2c4e6a8b0d1f3e5a7c9e1b3d5f7a9c1e3b5d7f9a1c3e5b7d9f1a3c5e7b9d1f";
const TRANSFERS = 21;

test.describe("notifications", () => {
  // On a phone, where a long word must wrap; the second page is checked at 1280 px as well.
  test("the full list pages, marks all read, links each item to its subject and wraps long words", async ({ page, request, browser }) => {
    test.slow();
    await page.setViewportSize({ width: 375, height: 900 });
    const user = await createUser(request, { name: "Ngozi Notified" });
    const friend = await createUser(request, { name: "Femi Friend" });
    await signInViaApi(page, user.email, user.password);
    const api = page.request;
    const headers = () => ({ "Origin": BASE_URL, "Idempotency-Key": randomUUID() });

    // An identity approved (fund() does it first), a confirmed deposit, a payout requested and paid
    // with a long hash, and enough transfers for two pages.
    const admin = await newAdminPage(browser);
    await fund(api, admin.request, 100_000);
    await listWallet(api, { address: ADDRESS });
    const payout = await (await api.post("/api/payouts", { data: { amountCents: 2_000, walletAddress: ADDRESS }, headers: headers() })).json();
    const paid = await admin.request.post(`/api/admin/payouts/${payout.id}/mark-paid`, { data: { txId: TX_HASH }, headers: headers() });
    expect(paid.status(), await paid.text()).toBe(200);
    await admin.context().close();
    for (let index = 0; index < TRANSFERS; index++) {
      const sent = await api.post("/api/transfers", { data: { toEmail: friend.email, amountCents: 100 }, headers: headers() });
      expect(sent.status(), await sent.text()).toBe(201);
    }
    const total = 4 + TRANSFERS;

    // The bell leads to the full list.
    await visit(page, "/dashboard");
    await page.getByRole("button", { name: `Notifications (${total} unread)` }).click();
    const panel = page.getByRole("region", { name: "Notifications" });
    await panel.getByRole("link", { name: "See all notifications" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/dashboard/notifications`);
    await expect(panel).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
    await expect(page.getByTestId("notification-counts")).toHaveText(`${total} unread.`);
    await expect(page.getByTestId("notification")).toHaveCount(20);
    await expect(page.getByText("Page 1", { exact: true })).toBeVisible();
    expect(await overflow(page), "horizontal overflow").toBeLessThanOrEqual(0);

    await page.getByRole("button", { name: "Older" }).click();
    await expect(page.getByText("Page 2", { exact: true })).toBeVisible();
    await expect(page.getByTestId("notification")).toHaveCount(total - 20);
    await expect(page.getByRole("button", { name: "Older" })).toBeDisabled();
    const sentItem = page.getByTestId("notification").filter({ hasText: "Payout sent" });
    await expect(sentItem).toContainText(TX_HASH);
    // The hash wraps: the item is no wider than its box.
    const fits = () => sentItem.evaluate((element) => element.scrollWidth <= element.clientWidth);
    for (const width of [1280, 375]) {
      await expectFits(page, width, "/dashboard/notifications, page 2");
      expect(await fits(), `the notification with a transaction hash fits its box at ${width} px`).toBe(true);
    }

    // Each item opens what it is about: this one the payout's own row, which is brought into view and marked.
    await sentItem.getByRole("link").click();
    await expect(page).toHaveURL(`${BASE_URL}/dashboard/transaction#payout-${payout.id}`);
    const row = page.locator(`[id="payout-${payout.id}"]`);
    await expect(row).toHaveAttribute("data-linked", "");
    await expect(row).toBeInViewport();

    // Back on the list, which opens at its newest page again.
    await page.goBack();
    await expect(page.getByTestId("notification-counts")).toHaveText(`${total - 1} unread.`);
    await page.getByRole("button", { name: "Older" }).click();
    const deposit = page.getByTestId("notification").filter({ hasText: "Deposit confirmed" });
    await expect(deposit.getByRole("link")).toHaveAttribute("href", /^\/dashboard#deposit-[\w-]+$/);

    // Mark all read covers the page not shown as well.
    await page.getByRole("button", { name: "Mark all as read" }).click();
    await expect(page.getByTestId("notification-counts")).toHaveText("0 unread.");
    await expect(page.getByRole("button", { name: "Notifications", exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Newer" }).click();
    await expect(page.getByTestId("notification").first()).not.toContainText("Unread:");
    expect((await (await api.get("/api/notifications?limit=1")).json()).unread).toBe(0);
  });
});

import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { BASE_URL, card, createUser, expectNoSeriousAxe, fund, listWallet, newAdminPage, overflow, expect, signInViaApi, test, uniqueEmail, visit, type NewUser, expectRefusedRequest } from "./fixtures.js";
import { freshWallet } from "../tests/helpers/wallets.js";

/** A payable address of this file's own: four eyes counts the payouts to one address over 24 hours. */
const ADDRESS = freshWallet();

/** Another signed-in browser (a second user or the operator), sending the same test-specific client address. */
async function signedInPage(browser: Browser, clientIp: string, user: NewUser, width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width, height: 900 }, extraHTTPHeaders: { "X-Forwarded-For": clientIp } });
  const page = await context.newPage();
  await signInViaApi(page, user.email, user.password);
  return page;
}


async function expectCards(page: Page, figures: Record<string, string>) {
  await visit(page, "/dashboard");
  for (const [label, amount] of Object.entries(figures)) await expect(card(page, label), label).toContainText(amount);
}

/** Every native dialog (alert, confirm) the page opens, accepted at once: the money flows show none. */
function collectAlerts(page: Page): string[] {
  const alerts: string[] = [];
  page.on("dialog", (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  return alerts;
}

function transactionForm(page: Page) {
  const form = page.getByRole("region", { name: "Transaction Details" });
  return {
    form,
    sendToUser: form.getByRole("radio", { name: "Send to a user" }),
    withdraw: form.getByRole("radio", { name: "Withdraw to a wallet" }),
    toEmail: form.getByLabel("Recipient (email)", { exact: true }),
    recipient: form.getByLabel("Recipient (wallet address)", { exact: true }),
    amount: form.getByLabel("Amount", { exact: true }),
    confirm: form.getByRole("button", { name: "Confirm Transaction" }),
    cancel: form.getByRole("button", { name: "Cancel" }),
  };
}

/** The review that opens on Confirm Transaction; only its "Confirm and send" moves money. */
function reviewDialog(page: Page) {
  const dialog = page.getByRole("dialog");
  return { dialog, send: dialog.getByRole("button", { name: "Confirm and send" }), back: dialog.getByRole("button", { name: "Back" }) };
}

/**
 * Funds the account signed in on `page` through an operator whose browser closes again (these tests
 * need no back office after that), puts ADDRESS on its withdrawal list, then opens the transaction
 * form, collecting any native dialog.
 */
async function fundAndOpenTransactionForm(page: Page, browser: Browser, amountCents: number) {
  const admin = await newAdminPage(browser);
  await fund(page.request, admin.request, amountCents);
  await admin.context().close();
  await listWallet(page.request, { address: ADDRESS, label: "Cold storage" });
  await visit(page, "/dashboard/transaction");
  return { alerts: collectAlerts(page), tx: transactionForm(page) };
}

test.describe("money out", () => {
  test("a payout requested through the form is held, then marked paid by an admin", async ({ page, request, browser }) => {
    test.setTimeout(90_000);
    const user = await createUser(request, { name: "Kemi Adebayo" });
    await signInViaApi(page, user.email, user.password);
    const admin = await newAdminPage(browser);
    await fund(page.request, admin.request, 50_000);
    await listWallet(page.request, { address: ADDRESS, label: "Cold storage" });

    await visit(page, "/dashboard/transaction");
    await expect(page.getByRole("heading", { level: 1, name: "Transaction History" })).toBeVisible();
    const alerts = collectAlerts(page);
    const tx = transactionForm(page);
    await expect(page.getByTestId("available-to-send")).toContainText("$500.00");
    await expect(page.getByTestId("payouts-empty")).toBeVisible();

    // The reference's messages, in the page: empty fields, then Cancel (which clears the form).
    await tx.confirm.click();
    await expect(tx.form.getByRole("alert")).toHaveText("Please fill in all fields.");
    await expect(tx.toEmail).toBeFocused();
    await expect(tx.toEmail).toHaveAttribute("aria-invalid", "true");
    await expect(tx.sendToUser).toBeChecked();

    // Withdraw to a wallet: the fields a payout needs, and none of a transfer's; the wallet is one of the list.
    await tx.withdraw.check();
    await expect(tx.toEmail).toHaveCount(0);
    await expect(tx.recipient.getByRole("option")).toHaveText(["Choose a wallet", `Cold storage — ${ADDRESS}`]);
    await tx.recipient.selectOption(ADDRESS);
    await tx.amount.fill("99");
    await tx.cancel.click();
    await expect(tx.form.getByRole("status")).toHaveText("Transaction has been cancelled.");
    await expect(tx.recipient).toHaveValue("");
    await expect(tx.amount).toHaveValue("");

    // A review first, and nothing is held until "Confirm and send".
    await tx.recipient.selectOption(ADDRESS);
    await tx.amount.fill("120.50");
    await tx.confirm.click();
    const review = reviewDialog(page);
    await expect(review.dialog).toBeVisible();
    await expect(review.dialog.getByRole("heading", { name: "Review your withdrawal" })).toBeVisible();
    await expect(review.dialog).toContainText("Withdrawal to a bitcoin wallet");
    await expect(review.dialog).toContainText(ADDRESS);
    await expect(review.dialog).toContainText("$120.50");
    await expect(review.dialog).toContainText("$120.50 is held from your Main Balance until the operator sends it to this wallet. You can cancel it while it is pending.");
    await expect(review.dialog).toContainText("cannot be undone");
    await expect(page.getByTestId("payouts-empty")).toBeVisible();
    await review.send.click();
    await expect(review.dialog).toHaveCount(0);
    const outcome = page.getByTestId("transaction-outcome");
    await expect(outcome).toContainText("Withdrawal requested: $120.50 is held from your Main Balance until the operator sends it. You can cancel it while it is pending.");
    await expect(outcome).not.toContainText("Transaction confirmed!");
    await expect(outcome).toContainText(ADDRESS);
    await expect(outcome).toContainText("Pending");
    await expect(outcome).toBeFocused();
    await expect(tx.recipient).toHaveValue("");
    const mine = page.getByTestId("my-payout").filter({ hasText: ADDRESS });
    await expect(mine).toContainText("$120.50");
    await expect(mine).toContainText("Pending");
    await expect(page.getByTestId("available-to-send")).toContainText("$379.50");

    // Held: gone from Main Balance, still part of Total Balance.
    await expectCards(page, { "Main Balance": "$379.50", "Total Balance": "$500.00", "Total Payout": "$0.00" });
    expect(alerts).toEqual([]);

    // The operator finds it under Admin → Payouts and marks it paid with the chain transaction.
    await visit(admin, "/dashboard/admin");
    await admin.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name: "Payouts" }).click();
    await expect(admin).toHaveURL(`${BASE_URL}/dashboard/admin/payouts`);
    await expect(admin.getByRole("heading", { level: 1, name: "Payouts" })).toBeVisible();
    const row = admin.getByTestId("admin-payout").filter({ hasText: user.email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("$120.50");
    await expect(row).toContainText(ADDRESS);
    await row.getByRole("button", { name: "Review" }).click();
    await row.getByRole("button", { name: "Mark paid" }).click();
    await expect(row.getByLabel("Transaction ID")).toHaveAccessibleDescription(/Enter the transaction id\./);
    const txId = randomUUID().replace(/-/g, "");
    await row.getByLabel("Transaction ID").fill(txId);
    await row.getByRole("button", { name: "Mark paid" }).click();
    await expect(admin.getByTestId("admin-outcome")).toContainText("Marked paid: $120.50 to Kemi Adebayo");
    await expect(admin.getByTestId("admin-outcome")).toBeFocused();
    await expect(row).toHaveCount(0);
    await admin.context().close();

    // The user: Total Payout shows it, the payout list carries the transaction, the history lists it.
    await expectCards(page, { "Main Balance": "$379.50", "Total Balance": "$379.50", "Total Payout": "$120.50" });
    await visit(page, "/dashboard/transaction");
    await expect(mine).toContainText("Paid");
    await expect(mine).toContainText(txId);
    // Sending it moved nothing on the Main Balance: the request already took the amount.
    const entry = page.getByRole("row").filter({ hasText: txId });
    await expect(entry).toContainText("Withdrawal sent");
    await expect(entry).toContainText("$120.50 sent to your wallet");
    await expect(entry).toContainText("no change");
    await expect(page.getByRole("row").filter({ hasText: "Withdrawal requested" })).toContainText("-$120.50");
  });

  test("a pending payout can be cancelled by its owner: the amount comes back and no operator can pay it", async ({ page, request, browser }) => {
    const user = await createUser(request, { name: "Bisi Lawal" });
    await signInViaApi(page, user.email, user.password);
    const { alerts, tx } = await fundAndOpenTransactionForm(page, browser, 20_000);
    await tx.withdraw.check();
    await tx.recipient.selectOption(ADDRESS);
    await tx.amount.fill("50");
    await tx.confirm.click();
    await reviewDialog(page).send.click();
    await expect(page.getByTestId("transaction-outcome")).toContainText("Withdrawal requested: $50.00 is held");
    const mine = page.getByTestId("my-payout").filter({ hasText: ADDRESS });
    await expect(mine).toContainText("Pending");
    await expect(page.getByTestId("available-to-send")).toContainText("$150.00");

    // The first click only asks; backing out keeps the request.
    await mine.getByRole("button", { name: "Cancel request for $50.00" }).click();
    await expect(mine.getByRole("group")).toContainText("Cancel your payout of $50.00?");
    await expect(mine.getByRole("button", { name: "Confirm cancel" })).toBeFocused();
    await mine.getByRole("button", { name: "Keep request" }).click();
    await expect(mine.getByRole("group")).toHaveCount(0);
    await expect(mine).toContainText("Pending");

    await mine.getByRole("button", { name: "Cancel request for $50.00" }).click();
    await mine.getByRole("button", { name: "Confirm cancel" }).click();
    await expect(mine.getByRole("status")).toHaveText("Payout cancelled. $50.00 is back in your Main Balance.");
    await expect(mine).toContainText("Cancelled");
    await expect(mine.getByRole("button", { name: /Cancel request/ })).toHaveCount(0);
    await expect(page.getByTestId("available-to-send")).toContainText("$200.00");
    // The form's summary of that payout follows it: no longer "Pending".
    await expect(page.getByTestId("transaction-outcome")).toContainText("Cancelled");
    await expect(page.getByTestId("transaction-outcome")).toContainText("You cancelled this payout; the amount is back in your Main Balance.");
    await expect(page.getByTestId("transaction-outcome")).not.toContainText("is held from your Main Balance");
    // The history refreshes too: the held amount leaves the hold and comes back to the Main Balance.
    const returned = page.getByRole("row").filter({ hasText: "Cancelled by the user" });
    await expect(returned).toHaveCount(1);
    await expect(returned).toContainText("Withdrawal cancelled");
    await expect(returned).toContainText("+$50.00");
    expect(alerts).toEqual([]);

    // No operator can pay it now, and it leaves their queue: tests/payout-cancel.test.ts.

    await expectCards(page, { "Main Balance": "$200.00", "Total Balance": "$200.00", "Total Payout": "$0.00" });
  });

  test("an address no longer on the list or a bad amount is refused with a clear error and moves nothing", async ({ page, request, browser }) => {
    expectRefusedRequest(403, "/api/payouts/preview");
    expectRefusedRequest(400, "/api/payouts/preview");
    expectRefusedRequest(409, "/api/payouts/preview");
    const user = await createUser(request);
    await signInViaApi(page, user.email, user.password);
    // A second address, removed (in another tab, say) after the form has shown it.
    const gone = await listWallet(page.request, { label: "Old wallet" });
    const { alerts, tx } = await fundAndOpenTransactionForm(page, browser, 10_000);
    await tx.withdraw.check();

    // Nothing picked.
    await tx.amount.fill("50");
    await tx.confirm.click();
    await expect(tx.recipient).toHaveAccessibleDescription(/^Choose the wallet to withdraw to\./);
    await expect(tx.recipient).toBeFocused();

    await tx.recipient.selectOption(gone);
    const listed = (await (await page.request.get("/api/me/withdrawal-addresses")).json()) as { items: Array<{ id: string; address: string }> };
    const removed = await page.request.delete(`/api/me/withdrawal-addresses/${listed.items.find((row) => row.address === gone)!.id}`, { headers: { Origin: BASE_URL } });
    expect(removed.status(), await removed.text()).toBe(200);
    await tx.confirm.click();
    await expect(tx.recipient).toHaveAccessibleDescription(/^This address is not on your list of withdrawal addresses\./);
    await expect(tx.recipient).toHaveAttribute("aria-invalid", "true");
    await expect(tx.recipient).toBeFocused();
    // The refusal read the list again: the removed address is no longer offered.
    await expect(tx.recipient.getByRole("option", { name: new RegExp(gone) })).toHaveCount(0);

    // The server's refusals come on the form, before any review: a limit on the amount, and the balance.
    const review = reviewDialog(page);
    await tx.recipient.selectOption(ADDRESS);
    await tx.amount.fill("5");
    await tx.confirm.click();
    await expect(tx.amount).toHaveAccessibleDescription(/The smallest payout is \$10\.00\./);
    await expect(tx.amount).toBeFocused();
    await expect(review.dialog).toHaveCount(0);
    await tx.amount.fill("5000");
    await tx.confirm.click();
    await expect(tx.amount).toHaveAccessibleDescription(/Your available balance is not enough for this payout\./);
    await expect(review.dialog).toHaveCount(0);
    await expect(tx.amount).toHaveValue("5000");
    await expect(tx.recipient).toHaveValue(ADDRESS);
    expect(alerts).toEqual([]);

    // Nothing moved.
    await expect(page.getByTestId("payouts-empty")).toBeVisible();
    const payouts = await page.request.get("/api/payouts");
    expect(((await payouts.json()) as { items: unknown[] }).items).toEqual([]);
    await expectCards(page, { "Main Balance": "$100.00", "Total Balance": "$100.00", "Total Payout": "$0.00" });
  });

  test("an e-mail as recipient sends money to that user at once", async ({ page, request, browser, clientIp }) => {
    expectRefusedRequest(400, "/api/transfers/preview");
    const sender = await createUser(request, { name: "Tunde Bello" });
    const receiver = await createUser(request, { name: "Ngozi Umeh" });
    await signInViaApi(page, sender.email, sender.password);
    const { alerts, tx } = await fundAndOpenTransactionForm(page, browser, 30_000);

    // Nobody has this address: the review's lookup refuses it on the Recipient field, in words that do not say whether an account exists.
    await expect(tx.sendToUser).toBeChecked();
    await expect(tx.recipient).toHaveCount(0);
    await tx.toEmail.fill(uniqueEmail("nobody"));
    await tx.amount.fill("10");
    await tx.confirm.click();
    await expect(tx.toEmail).toHaveAccessibleDescription(/We could not send this\. Check the e-mail address and try again\./);
    await expect(tx.toEmail).toBeFocused();
    const review = reviewDialog(page);
    await expect(review.dialog).toHaveCount(0);

    // More than the Main Balance: said before any review.
    await tx.toEmail.fill(receiver.email);
    await tx.amount.fill("300.01");
    await tx.confirm.click();
    await expect(tx.amount).toHaveAccessibleDescription(/Your available balance is not enough for this transfer\./);
    await expect(review.dialog).toHaveCount(0);

    // The review names the recipient as their account shows it; Escape returns to the form with the values kept.
    await tx.amount.fill("75");
    await tx.confirm.click();
    await expect(review.dialog.getByRole("heading", { name: "Review your transfer" })).toBeVisible();
    await expect(review.dialog).toBeFocused();
    await expect(review.dialog).toContainText("Transfer to a Termvest user");
    await expect(review.dialog).toContainText(`Ngozi Umeh (${receiver.email})`);
    await expect(review.dialog).toContainText("$75.00 leaves your Main Balance and arrives in Ngozi Umeh's Main Balance at once.");
    await expect(review.dialog).toContainText("A transfer cannot be undone once it is sent.");
    await page.keyboard.press("Escape");
    await expect(review.dialog).toHaveCount(0);
    await expect(tx.confirm).toBeFocused();
    await expect(tx.toEmail).toHaveValue(receiver.email);
    await expect(tx.amount).toHaveValue("75");
    await expect(page.getByTestId("available-to-send")).toContainText("$300.00");

    await tx.confirm.click();
    await review.send.click();
    await expect(review.dialog).toHaveCount(0);
    const outcome = page.getByTestId("transaction-outcome");
    await expect(outcome).toContainText("Transaction confirmed!");
    await expect(outcome).toContainText("Ngozi Umeh");
    await expect(outcome).toContainText("$75.00");
    await expect(outcome).toContainText("Completed");
    await expect(tx.toEmail).toHaveValue("");
    expect(alerts).toEqual([]);
    await expect(page.getByRole("row").filter({ hasText: receiver.email }).first()).toContainText("-$75.00");

    await expectCards(page, { "Main Balance": "$225.00", "Total Balance": "$225.00" });
    const other = await signedInPage(browser, clientIp, receiver);
    await expectCards(other, { "Main Balance": "$75.00", "Total Balance": "$75.00" });
    await visit(other, "/dashboard/transaction");
    await expect(other.getByRole("row").filter({ hasText: "Transfer" }).first()).toContainText("+$75.00");
    await other.context().close();
  });

  test("Confirm and send records one transfer, whether the answer is lost or the button pressed twice", async ({ page, request, browser, clientIp }) => {
    expectRefusedRequest("aborted", "/api/transfers");
    const sender = await createUser(request, { name: "Femi Ojo" });
    const receiver = await createUser(request, { name: "Halima Musa" });
    await signInViaApi(page, sender.email, sender.password);
    const { alerts, tx } = await fundAndOpenTransactionForm(page, browser, 10_000);
    const review = reviewDialog(page);
    const keys: string[] = [];
    page.on("request", (sent) => {
      if (sent.method() === "POST" && new URL(sent.url()).pathname === "/api/transfers") keys.push(sent.headers()["idempotency-key"] ?? "");
    });
    // The first answer is lost on its way back: the server has recorded the transfer, the browser sees a network error.
    await page.route("**/api/transfers", async (route) => {
      await route.fetch();
      await route.abort("failed");
    }, { times: 1 });

    await tx.toEmail.fill(receiver.email);
    await tx.amount.fill("40");
    await tx.confirm.click();
    await expect(review.dialog).toContainText("Halima Musa");
    await review.send.click();
    await expect(review.dialog.getByRole("alert")).toHaveText("Could not reach the server. Check your connection and try again.");
    await expect(review.dialog).toContainText(`Halima Musa (${receiver.email})`);

    // Pressing again, twice in a row, sends the same transaction: the server answers with the first one.
    await review.send.dblclick();
    await expect(page.getByTestId("transaction-outcome")).toContainText("Transaction confirmed!");
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(1);
    await expect(page.getByTestId("available-to-send")).toContainText("$60.00");

    // A new transaction after that gets a new key.
    await tx.toEmail.fill(receiver.email);
    await tx.amount.fill("10");
    await tx.confirm.click();
    await review.send.click();
    await expect(page.getByTestId("available-to-send")).toContainText("$50.00");
    expect(new Set(keys).size).toBe(2);
    const other = await signedInPage(browser, clientIp, receiver);
    await expectCards(other, { "Main Balance": "$50.00" });
    await other.context().close();
    expect(alerts).toEqual([]);
  });

  test("a money request is paid by the other user from Request Money", async ({ page, request, browser, clientIp }) => {
    test.setTimeout(90_000);
    const requester = await createUser(request, { name: "Amaka Obi" });
    const payer = await createUser(request, { name: "Segun Ade" });
    await signInViaApi(page, requester.email, requester.password);
    const payerPage = await signedInPage(browser, clientIp, payer);
    const admin = await newAdminPage(browser);
    await fund(payerPage.request, admin.request, 10_000);
    await admin.context().close();

    await visit(page, "/dashboard/recieve");
    await expect(page.getByRole("heading", { level: 1, name: "Request Money" })).toBeVisible();
    await expect(page.getByText("The user will receive a notification of your request")).toBeVisible();
    // A paid request lands in the Main Balance: no wallet is asked.
    await expect(page.getByLabel("Wallet", { exact: true })).toHaveCount(0);
    await expect(page.getByLabel("Wallet Address")).toHaveCount(0);
    await page.getByRole("button", { name: "Request Money" }).click();
    await expect(page.getByLabel("Request From (e-mail address)")).toHaveAccessibleDescription(/Enter the e-mail address of the person you are asking\./);
    await expect(page.getByLabel("Request From (e-mail address)")).toBeFocused();

    await page.getByLabel("Request From (e-mail address)").fill(payer.email);
    await page.getByLabel("Amount").fill("40");
    await page.getByLabel("Note (optional)").fill("Dinner on Friday");
    await page.getByRole("button", { name: "Request Money" }).click();
    await expect(page.getByTestId("request-outcome")).toContainText("Your request for $40.00 was sent to Segun Ade");
    await expect(page.getByLabel("Amount")).toHaveValue("");
    const mine = page.getByTestId("outgoing-request").filter({ hasText: payer.email });
    await expect(mine).toContainText("$40.00");
    await expect(mine).toContainText("Pending");

    // A second, smaller request, which the payer will decline.
    await page.getByLabel("Request From (e-mail address)").fill(payer.email);
    await page.getByLabel("Amount").fill("5");
    await page.getByRole("button", { name: "Request Money" }).click();
    await expect(page.getByTestId("request-outcome")).toContainText("Your request for $5.00");

    // The payer sees both, confirms the first with its amount, and declines the second.
    await visit(payerPage, "/dashboard/recieve");
    const incoming = payerPage.getByTestId("incoming-request").filter({ hasText: requester.email });
    const first = incoming.filter({ hasText: "$40.00" });
    const second = incoming.filter({ hasText: "$5.00" });
    await expect(first).toContainText("Dinner on Friday");
    await first.getByRole("button", { name: /^Pay/ }).click();
    const confirmPay = first.getByRole("button", { name: "Confirm payment of $40.00" });
    await expect(confirmPay).toBeFocused();
    await expect(first.getByRole("form")).toContainText("Pay $40.00 to Amaka Obi?");
    await confirmPay.click();
    await expect(first).toContainText("You paid $40.00 to Amaka Obi.");
    await expect(first).toContainText("Paid");
    await expect(first.getByRole("button", { name: /^Pay/ })).toHaveCount(0);
    await second.getByRole("button", { name: /^Decline/ }).click();
    await expect(second).toContainText("Declined");

    await expectCards(payerPage, { "Main Balance": "$60.00", "Total Balance": "$60.00" });
    await payerPage.context().close();

    await expectCards(page, { "Main Balance": "$40.00", "Total Balance": "$40.00" });
    await visit(page, "/dashboard/recieve");
    await expect(mine.filter({ hasText: "$40.00" })).toContainText("Paid");
    await expect(mine.filter({ hasText: "$5.00" })).toContainText("Declined");
  });

  test.describe("at 375 px", () => {
    test.use({ viewport: { width: 375, height: 800 } });

    test("the money-out screens fit the screen and pass axe", async ({ page, request, browser, clientIp }) => {
      // Several screens, each checked with axe: three times the journey budget (no setTimeout
      // after it, which would replace the tripled budget).
      test.slow();
      const user = await createUser(request, { name: "Oluwaseun Adeyemi-Bankole" });
      const asker = await createUser(request, { name: "Chiamaka Nwosu" });
      await signInViaApi(page, user.email, user.password);
      const admin = await newAdminPage(browser, { width: 375 });
      await fund(page.request, admin.request, 20_000);
      await listWallet(page.request, { address: ADDRESS, label: "Cold storage" });
      const payout = await page.request.post("/api/payouts", { data: { amountCents: 2_500, walletAddress: ADDRESS }, headers: { "Origin": BASE_URL, "Idempotency-Key": randomUUID() } });
      expect(payout.status(), await payout.text()).toBe(201);
      const askerPage = await signedInPage(browser, clientIp, asker, 375);
      const asked = await askerPage.request.post("/api/money-requests", {
        data: { fromEmail: user.email, amountCents: 1_234, note: "Shared taxi from the airport" },
        headers: { "Origin": BASE_URL, "Idempotency-Key": randomUUID() },
      });
      expect(asked.status(), await asked.text()).toBe(201);

      await visit(page, "/dashboard/transaction");
      const tx = transactionForm(page);
      await tx.withdraw.check();
      await tx.amount.fill("20");
      await tx.confirm.click();
      await expect(tx.recipient).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByTestId("my-payout").filter({ hasText: ADDRESS })).toBeVisible();
      expect(await overflow(page), "horizontal overflow on /dashboard/transaction").toBeLessThanOrEqual(0);
      await expectNoSeriousAxe(page, "/dashboard/transaction");

      // Both reviews fit the narrow screen, pass axe, and Back keeps what was typed.
      const review = reviewDialog(page);
      await tx.recipient.selectOption(ADDRESS);
      await tx.confirm.click();
      await expect(review.dialog).toContainText(ADDRESS);
      expect(await overflow(page), "horizontal overflow under the withdrawal review").toBeLessThanOrEqual(0);
      await expectNoSeriousAxe(page, "the withdrawal review");
      await review.back.click();
      await expect(tx.recipient).toHaveValue(ADDRESS);
      await expect(tx.amount).toHaveValue("20");

      await tx.sendToUser.check();
      await tx.toEmail.fill(asker.email);
      await tx.confirm.click();
      await expect(review.dialog).toContainText(`Chiamaka Nwosu (${asker.email})`);
      await expectNoSeriousAxe(page, "the transfer review");
      await review.send.click();
      await expect(page.getByTestId("transaction-outcome")).toContainText("Transaction confirmed!");
      await expect(tx.toEmail).toHaveValue("");

      await visit(page, "/dashboard/recieve");
      const incoming = page.getByTestId("incoming-request").filter({ hasText: asker.email });
      await incoming.getByRole("button", { name: /^Pay/ }).click();
      await expect(incoming.getByRole("button", { name: "Confirm payment of $12.34" })).toBeVisible();
      expect(await overflow(page), "horizontal overflow on /dashboard/recieve").toBeLessThanOrEqual(0);
      await expectNoSeriousAxe(page, "/dashboard/recieve");

      await visit(admin, "/dashboard/admin/payouts");
      const row = admin.getByTestId("admin-payout").filter({ hasText: user.email });
      await row.getByRole("button", { name: "Review" }).click();
      await row.getByRole("button", { name: "Reject" }).click();
      await expect(row.getByLabel("Reason for rejection")).toBeFocused();
      expect(await overflow(admin), "horizontal overflow on /dashboard/admin/payouts").toBeLessThanOrEqual(0);
      await expectNoSeriousAxe(admin, "/dashboard/admin/payouts");

      // Rejecting returns the held amount; the user sees the reason.
      await row.getByLabel("Reason for rejection").fill("The address belongs to an exchange that refuses these deposits.");
      await row.getByRole("button", { name: "Reject payout" }).click();
      await expect(admin.getByTestId("admin-outcome")).toContainText("Rejected the payout of $25.00");
      await expect(row).toHaveCount(0);
      await admin.context().close();
      await askerPage.context().close();
      await visit(page, "/dashboard/transaction");
      const rejected = page.getByTestId("my-payout").filter({ hasText: ADDRESS });
      await expect(rejected).toContainText("Rejected");
      await expect(rejected).toContainText("Reason: The address belongs to an exchange that refuses these deposits.");
      await expect(page.getByTestId("available-to-send")).toContainText("$180.00");
    });
  });
});

import { BASE_URL, createUser, enrolTwoFactor, expect, expectFits, fund, latestMailTo, newAdminPage, signInViaApi, test, visit, watchConsole, withdrawalAddressLink } from "./fixtures.js";
import { freshWallet } from "../tests/helpers/wallets.js";

/**
 * Withdrawal addresses in the browser: added in Settings, confirmed from the
 * mailed link on another device (signed out), picked in the payout form and withdrawn to, removed.
 * The e2e server runs with WITHDRAWAL_ADDRESS_DELAY_HOURS=0 (playwright.config.ts): the delay
 * itself is tested with a moved clock in tests/withdrawal-addresses.test.ts. Walked once on a
 * phone; each checked screen fits and passes axe at 1280 px as well.
 */
test("an address added in Settings, confirmed from the e-mail, withdrawn to and removed", async ({ page, request, browser }) => {
  test.slow();
  await page.setViewportSize({ width: 375, height: 900 });
  const user = await createUser(request, { name: "Ife Wallet" });
  await signInViaApi(page, user.email, user.password);
  // With two-factor on, adding an address asks for the code, like money leaving.
  const totp = await enrolTwoFactor(page.request);
  const admin = await newAdminPage(browser);
  await fund(page.request, admin.request, 50_000);
  await admin.context().close();
  const address = freshWallet();
  const check = async (where: string, on = page) => {
    await expectFits(on, 1280, where);
    await expectFits(on, 375, where);
  };

  // Nothing to withdraw to yet: the form says so and leads to Settings.
  await visit(page, "/dashboard/transaction");
  const form = page.getByRole("region", { name: "Transaction Details" });
  await form.getByRole("radio", { name: "Withdraw to a wallet" }).check();
  await expect(form.getByTestId("no-usable-address")).toContainText("You have no withdrawal address that can be used yet.");
  await expect(form.getByRole("button", { name: "Confirm Transaction" })).toBeDisabled();
  await form.getByRole("link", { name: "Add a withdrawal address" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/dashboard/settings#withdrawal-addresses`);

  // Settings → Withdrawal addresses: empty, then the address added (unconfirmed) and the link mailed.
  const section = page.getByRole("region", { name: "Withdrawal addresses" });
  await expect(section.getByTestId("withdrawal-addresses-empty")).toBeVisible();
  const add = section.getByRole("form", { name: "Add a withdrawal address" });
  await add.getByRole("button", { name: "Add address" }).click();
  await expect(add.getByLabel("Label")).toHaveAccessibleDescription(/^Give the address a label\./);
  await expect(add.getByLabel("Label")).toBeFocused();
  await add.getByLabel("Label").fill("Hardware wallet");
  await add.getByLabel("Bitcoin address").fill(address.toUpperCase());
  await add.getByLabel("Authentication code").fill(await totp.nextCode());
  await add.getByRole("button", { name: "Add address" }).click();
  await expect(section.getByRole("status").first()).toContainText(`“Hardware wallet” was added. Open the link we e-mailed to ${user.email} before`);
  const row = section.getByTestId("withdrawal-address").filter({ hasText: "Hardware wallet" });
  await expect(row).toContainText(address);
  await expect(row).toContainText("Not confirmed");
  await check("Settings with an unconfirmed address");

  // The link, opened on another device where nobody is signed in: the public frame, a button, the outcome.
  const link = await withdrawalAddressLink(page.request, user.email);
  expect(new URL(link).pathname).toBe("/dashboard/settings/withdrawal-addresses/confirm");
  const device = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 375, height: 900 } });
  const phone = await device.newPage();
  watchConsole(phone);
  await phone.goto(link);
  await expect(phone.getByRole("heading", { level: 1, name: "Confirm your withdrawal address" })).toBeVisible();
  await expect(phone).toHaveTitle(/^Confirm your withdrawal address/);
  await check("the confirm page, signed out", phone);
  await phone.getByRole("button", { name: "Confirm the address" }).click();
  await expect(phone.getByRole("status")).toContainText(`“Hardware wallet” is confirmed: ${address}`);
  await expect(phone.getByRole("status")).toContainText("Payouts can go to it now.");
  await check("the confirm page, confirmed", phone);
  await device.close();
  await expect((await latestMailTo(page.request, user.email, { subject: /withdrawal address confirmed/i })).text).toContain(address);

  // Usable: picked in the payout form (by label and address) and withdrawn to.
  await visit(page, "/dashboard/settings");
  await expect(row).toContainText("Usable");
  await visit(page, "/dashboard/transaction");
  await form.getByRole("radio", { name: "Withdraw to a wallet" }).check();
  const recipient = form.getByLabel("Recipient (wallet address)", { exact: true });
  await expect(recipient.getByRole("option")).toHaveText(["Choose a wallet", `Hardware wallet — ${address}`]);
  await recipient.selectOption(address);
  await form.getByLabel("Amount", { exact: true }).fill("40");
  await check("the payout form with a usable address");
  await form.getByRole("button", { name: "Confirm Transaction" }).click();
  const review = page.getByRole("dialog");
  await expect(review).toContainText(address);
  await review.getByLabel("Authentication code").fill(await totp.nextCode());
  await review.getByRole("button", { name: "Confirm and send" }).click();
  await expect(page.getByTestId("transaction-outcome")).toContainText("Withdrawal requested: $40.00");
  await expect(page.getByTestId("my-payout").filter({ hasText: address })).toContainText("Pending");

  // Removed after a dialog: at once, mailed, and the form has nothing to offer again.
  await visit(page, "/dashboard/settings");
  await row.getByRole("button", { name: "Remove Hardware wallet" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove “Hardware wallet”?" });
  await expect(dialog).toContainText(address);
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await check("the remove dialog");
  await dialog.getByRole("button", { name: "Remove address" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(section.getByRole("status").first()).toHaveText("“Hardware wallet” was removed. Payouts can no longer go to it.");
  await expect(section.getByTestId("withdrawal-addresses-empty")).toBeVisible();
  await expect((await latestMailTo(page.request, user.email, { subject: /withdrawal address removed/i })).text).toContain(address);
  await visit(page, "/dashboard/transaction");
  await form.getByRole("radio", { name: "Withdraw to a wallet" }).check();
  await expect(form.getByTestId("no-usable-address")).toBeVisible();
});

import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { BASE_URL, bankReference, createUser, expect, expectNoSeriousAxe, fund, listWallet, newAdminPage, overflow, signInRequest, test, visit } from "./fixtures.js";
import { freshWallet } from "../tests/helpers/wallets.js";

/** A payable address of this file's own: four eyes counts the payouts to one address over 24 hours. */
const ADDRESS = freshWallet();

const post = (request: APIRequestContext, path: string, data: unknown) => request.post(path, { data, headers: { "Origin": BASE_URL, "Idempotency-Key": randomUUID() } });

async function bankDeposit(request: APIRequestContext, amountCents: number) {
  const made = await post(request, "/api/deposits", { method: "bank", amountCents, bank: "access", reference: await bankReference(request) });
  expect(made.status(), await made.text()).toBe(201);
  return (await made.json()) as { id: string; reference: string };
}

/** Fills the filter bar's fields and applies them, as an operator does. */
async function filter(page: Page, values: Record<string, string>) {
  const bar = page.getByRole("search");
  for (const [label, value] of Object.entries(values)) {
    const field = bar.getByLabel(label, { exact: true });
    if ((await field.evaluate((node) => node.tagName)) === "SELECT") await field.selectOption({ label: value });
    else await field.fill(value);
  }
  await bar.getByRole("button", { name: "Apply" }).click();
}

/** The two back-office queues: tables with filters, pages and a decision under the row, at both widths. */
test.describe("admin queues", () => {
  test("are tables with filters and pages that fit 1280 and 375 px and pass axe", async ({ request, browser }) => {
    test.slow();
    const user = await createUser(request, { name: "Tolu Tablerow" });
    await signInRequest(request, user.email, user.password);
    const admin = await newAdminPage(browser);
    await fund(request, admin.request, 50_000);
    const deposits = [await bankDeposit(request, 12_345), await bankDeposit(request, 20_000), await bankDeposit(request, 30_000)];
    await listWallet(request, { address: ADDRESS });
    const payout = await post(request, "/api/payouts", { amountCents: 10_000, walletAddress: ADDRESS });
    expect(payout.status(), await payout.text()).toBe(201);

    // Both queues at each width, on the same page and data.
    for (const width of [1280, 375]) {
      await admin.setViewportSize({ width, height: 900 });
      for (const [path, testId] of [
        ["/dashboard/admin/deposits", "admin-deposit"],
        ["/dashboard/admin/payouts", "admin-payout"],
      ] as const) {
        await visit(admin, path);
        // Find the user's items by e-mail through the filter bar; the URL keeps the filter.
        await filter(admin, { Search: user.email });
        await expect(admin).toHaveURL(new RegExp(`q=${encodeURIComponent(user.email).replace(/\./g, "\\.")}`));
        const rows = admin.getByTestId(testId);
        await expect(rows).toHaveCount(path.endsWith("deposits") ? 3 : 1);
        await expect(admin.getByRole("table")).toBeVisible();
        await expect(rows.first().getByRole("rowheader")).toBeVisible();
        // The decision opens under its row; the table may scroll inside its box, the page must not.
        await rows.first().getByRole("button", { name: "Review" }).click();
        const reject = await rows.first().getByRole("button", { name: "Reject" }).boundingBox();
        expect(reject && reject.x + reject.width, `Reject button in view on ${path}`).toBeLessThanOrEqual(width);
        expect(await overflow(admin), `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
        await expectNoSeriousAxe(admin, `${path} at ${width} px`);
      }
    }

    // Sorting by amount and paging (by cursor) through the user's deposits two at a time; the URL keeps the limit, filters and sort.
    await visit(admin, `/dashboard/admin/deposits?q=${encodeURIComponent(user.email)}&limit=2`);
    await admin.getByRole("button", { name: /^Amount/ }).click();
    await expect(admin.getByRole("columnheader", { name: /^Amount/ })).toHaveAttribute("aria-sort", "ascending");
    const rows = admin.getByTestId("admin-deposit");
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText("$123.45");
    await expect(admin.getByText("3 matching")).toBeVisible();
    const pager = admin.getByRole("navigation", { name: "Pagination" });
    await expect(pager.getByText("Page 1")).toBeVisible();
    await pager.getByRole("button", { name: "Next" }).click();
    await expect(pager.getByText("Page 2")).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(deposits[2]!.reference);
    await expect(pager.getByRole("button", { name: "Next" })).toBeDisabled();
    await expect(admin.getByText("3 matching")).toBeVisible();
    await expect(admin).toHaveURL(/sort=amountCents/);
    expect(admin.url()).not.toContain("cursor");
    await pager.getByRole("button", { name: "Previous" }).click();
    await expect(pager.getByText("Page 1")).toBeVisible();
    await expect(rows.first()).toContainText("$123.45");
    // Another sort starts from the first page of that order.
    await pager.getByRole("button", { name: "Next" }).click();
    await expect(pager.getByText("Page 2")).toBeVisible();
    await admin.getByRole("button", { name: /^Amount/ }).click();
    await expect(admin.getByRole("columnheader", { name: /^Amount/ })).toHaveAttribute("aria-sort", "descending");
    await expect(pager.getByText("Page 1")).toBeVisible();
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText(deposits[2]!.reference);
    // An amount range (in dollars) narrows it to one, and the CSV link carries the same filters.
    await filter(admin, { "Min amount": "150", "Max amount": "250" });
    await expect(rows).toHaveCount(1);
    await expect(admin.getByText("1 matching")).toBeVisible();
    await expect(pager).toHaveCount(0);
    await expect(rows.first()).toContainText(deposits[1]!.reference);
    const csv = await admin.request.get(await admin.getByRole("link", { name: "Download CSV" }).getAttribute("href").then((href) => href ?? ""));
    const lines = (await csv.text()).trimEnd().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(deposits[1]!.reference);
    await admin.context().close();
  });

  test("a large payout needs a second admin: the one who approved it cannot mark it paid", async ({ request, browser }) => {
    test.slow();
    const user = await createUser(request, { name: "Lara Largesum" });
    await signInRequest(request, user.email, user.password);
    const first = await newAdminPage(browser, { width: 375 });
    const second = await newAdminPage(browser, { width: 1280, fresh: true });
    // $15,000 credited at once needs two admins too.
    await fund(request, first.request, 1_500_000, second.request);
    await listWallet(request, { address: ADDRESS });
    const made = await post(request, "/api/payouts", { amountCents: 1_000_000, walletAddress: ADDRESS });
    expect(made.status(), await made.text()).toBe(201);

    await visit(first, `/dashboard/admin/payouts?q=${encodeURIComponent(user.email)}`);
    const row = first.getByTestId("admin-payout");
    await expect(row).toContainText("Awaiting second approval");
    await row.getByRole("button", { name: "Review" }).click();
    await expect(row.getByRole("button", { name: "Mark paid" })).toHaveCount(0);
    await row.getByRole("button", { name: "Approve payout" }).click();
    await expect(first.getByTestId("admin-outcome")).toContainText("Approved the payout of $10,000.00");
    await expect(row).toContainText("Approved, not yet paid");

    // The approver is offered no way to pay it (the server refuses it too: tests/admin-lists.test.ts).
    await row.getByRole("button", { name: "Review" }).click();
    await expect(row).toContainText("You approved this payout, so another admin must send it and mark it paid.");
    await expect(row.getByRole("button", { name: "Mark paid" })).toHaveCount(0);
    await expectNoSeriousAxe(first, "payouts, approved by me, at 375 px");
    await first.context().close();

    // A second admin marks it paid.
    await visit(second, `/dashboard/admin/payouts?q=${encodeURIComponent(user.email)}`);
    const theirs = second.getByTestId("admin-payout");
    await theirs.getByRole("button", { name: "Review" }).click();
    await theirs.getByLabel("Transaction ID").fill("tx-second-admin");
    await theirs.getByRole("button", { name: "Mark paid" }).click();
    await expect(second.getByTestId("admin-outcome")).toContainText("Marked paid: $10,000.00 to Lara Largesum");
    await filter(second, { Status: "Paid" });
    await expect(second.getByTestId("admin-payout")).toContainText("tx-second-admin");
    await second.context().close();
  });
});

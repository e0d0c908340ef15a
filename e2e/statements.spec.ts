import { readFileSync } from "node:fs";
import { BASE_URL, createUser, expect, expectNoSeriousAxe, overflow, signInViaApi, test, visit } from "./fixtures.js";

/**
 * Moves the shared server's clock (POST /dev/clock) forty days, so the month the account opened in
 * is over: tagged so playwright.config.ts runs it after every other spec.
 */
test("statements: pick a month or a year and download its PDF, at 375 and 1280 px", { tag: "@clock" }, async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await createUser(request, { name: "Nia Statement" });
  await signInViaApi(page, user.email, user.password);
  const opened = new Date().toISOString().slice(0, 7);
  const moved = await page.request.post("/dev/clock", { data: { days: 40 }, headers: { Origin: BASE_URL } });
  expect(moved.status(), await moved.text()).toBe(200);

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // The monthly e-mail's link: the page opens on its statements.
    await visit(page, "/dashboard/transaction#statements");
    const panel = page.getByTestId("statements");
    await expect(panel).toBeInViewport();
    const monthly = panel.getByRole("group", { name: "Monthly account statement" });
    const month = monthly.getByLabel("Month");
    await expect(month.locator("option")).not.toHaveCount(0);
    await month.selectOption(opened);
    const [download] = await Promise.all([page.waitForEvent("download"), monthly.getByRole("link", { name: /Download PDF/ }).click()]);
    expect(download.suggestedFilename()).toBe(`termvest-statement-${opened}.pdf`);
    expect(readFileSync(await download.path()).subarray(0, 5).toString()).toBe("%PDF-");

    // A year is over only once the clock has passed 1 January: before that, the panel says when.
    const yearly = panel.getByRole("group", { name: "Yearly interest statement" });
    const yearLink = yearly.getByRole("link", { name: /Download PDF/ });
    if ((await yearLink.count()) === 0) await expect(yearly).toContainText("Your first interest statement, for ");
    else {
      const [yearFile] = await Promise.all([page.waitForEvent("download"), yearLink.click()]);
      expect(yearFile.suggestedFilename()).toMatch(/^termvest-interest-statement-\d{4}\.pdf$/);
      expect(readFileSync(await yearFile.path()).subarray(0, 5).toString()).toBe("%PDF-");
    }

    expect(await overflow(page), `statements at ${width} px`).toBeLessThanOrEqual(0);
    await expectNoSeriousAxe(page, `statements at ${width} px`);
  }
});

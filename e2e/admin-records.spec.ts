import { BASE_URL, expect, expectNoSeriousAxe, latestMailTo, newAdminPage, overflow, test, uniqueEmail, visit } from "./fixtures.js";

/** The back office's records: the contact inbox (reply by e-mail), the audit log that records it, and the reconciliation. */
test.describe("admin records", () => {
  test("inbox, audit log and reconciliation work at 1280 px, and each fits 375 px", async ({ request, browser }) => {
    test.slow();
    const visitor = uniqueEmail("visitor");
    const sent = await request.post("/api/contact", {
      data: { name: "Vera Visitor", email: visitor, subject: "Statement question", message: "Hello,\nwhere do I find my statement?" },
      headers: { Origin: BASE_URL },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const admin = await newAdminPage(browser, { width: 1280 });

    await visit(admin, "/dashboard/admin/messages?status=new");
    await expect(admin.getByRole("link", { name: /Messages.*\d+ new/ })).toBeVisible();
    const row = admin.getByTestId("contact-message").filter({ hasText: visitor });
    await expect(row).toHaveCount(1);
    expect(await overflow(admin), "horizontal overflow on the inbox").toBeLessThanOrEqual(0);
    await expectNoSeriousAxe(admin, `/dashboard/admin/messages at 1280 px`);
    await row.getByRole("button", { name: "Reply" }).click();
    await row.getByLabel("Reply to Vera Visitor").fill("Hello Vera,\nit is under Transaction History.");
    await row.getByRole("button", { name: "Send reply" }).click();
    await expect(admin.getByTestId("admin-outcome")).toContainText(`Reply sent to ${visitor}.`);
    const mail = await latestMailTo(request, visitor, { subject: /Re: Statement question/ });
    expect(mail.text).toContain("it is under Transaction History.");

    await visit(admin, "/dashboard/admin/audit?action=contact.reply");
    await expect(admin.getByTestId("audit-entry").first()).toContainText("contact.reply");
    expect(await overflow(admin), "horizontal overflow on the audit log").toBeLessThanOrEqual(0);
    await expectNoSeriousAxe(admin, `/dashboard/admin/audit at 1280 px`);

    await visit(admin, "/dashboard/admin/reconciliation");
    await expect(admin.getByTestId("reconciliation-day")).toHaveCount(30);
    await admin.getByRole("button", { name: "Run ledger check" }).click();
    await expect(admin.getByText(/0 problems, checked/)).toBeVisible();
    expect(await overflow(admin), "horizontal overflow on the reconciliation").toBeLessThanOrEqual(0);
    await expectNoSeriousAxe(admin, `/dashboard/admin/reconciliation at 1280 px`);

    // The same three screens on a phone, holding what the journey left on them.
    await admin.setViewportSize({ width: 375, height: 900 });
    for (const [path, ready] of [
      ["/dashboard/admin/messages?status=new", admin.getByRole("heading", { level: 1, name: "Messages" })],
      ["/dashboard/admin/audit?action=contact.reply", admin.getByTestId("audit-entry").first()],
      ["/dashboard/admin/reconciliation", admin.getByTestId("reconciliation-day").first()],
    ] as const) {
      await visit(admin, path);
      await expect(ready).toBeVisible();
      expect(await overflow(admin), `horizontal overflow on ${path} at 375 px`).toBeLessThanOrEqual(0);
      await expectNoSeriousAxe(admin, `${path} at 375 px`);
    }
    await admin.context().close();
  });
});

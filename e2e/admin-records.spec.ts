import { BASE_URL, expect, expectNoSeriousAxe, latestMailTo, newAdminPage, overflow, test, uniqueEmail, visit } from "./fixtures.js";


/** The back office's records: the contact inbox (reply by e-mail), the audit log that records it, and the reconciliation. */
test.describe("admin records", () => {
  for (const width of [1280, 375]) {
    test(`inbox, audit log and reconciliation work and fit at ${width} px`, async ({ request, browser }) => {
      test.slow();
      const visitor = uniqueEmail("visitor");
      const sent = await request.post("/api/contact", {
        data: { name: "Vera Visitor", email: visitor, subject: "Statement question", message: "Hello,\nwhere do I find my statement?" },
        headers: { Origin: BASE_URL },
      });
      expect(sent.status(), await sent.text()).toBe(201);
      const admin = await newAdminPage(browser, { width });

      await visit(admin, "/dashboard/admin/messages?status=new");
      if (width >= 1024) await expect(admin.getByRole("link", { name: /Messages.*\d+ new/ })).toBeVisible();
      const row = admin.getByTestId("contact-message").filter({ hasText: visitor });
      await expect(row).toHaveCount(1);
      expect(await overflow(admin), "horizontal overflow on the inbox").toBeLessThanOrEqual(0);
      await expectNoSeriousAxe(admin, `/dashboard/admin/messages at ${width} px`);
      await row.getByRole("button", { name: "Reply" }).click();
      await row.getByLabel("Reply to Vera Visitor").fill("Hello Vera,\nit is under Transaction History.");
      await row.getByRole("button", { name: "Send reply" }).click();
      await expect(admin.getByTestId("admin-outcome")).toContainText(`Reply sent to ${visitor}.`);
      const mail = await latestMailTo(request, visitor, { subject: /Re: Statement question/ });
      expect(mail.text).toContain("it is under Transaction History.");

      await visit(admin, "/dashboard/admin/audit?action=contact.reply");
      await expect(admin.getByTestId("audit-entry").first()).toContainText("contact.reply");
      expect(await overflow(admin), "horizontal overflow on the audit log").toBeLessThanOrEqual(0);
      await expectNoSeriousAxe(admin, `/dashboard/admin/audit at ${width} px`);

      await visit(admin, "/dashboard/admin/reconciliation");
      await expect(admin.getByTestId("reconciliation-day")).toHaveCount(30);
      await admin.getByRole("button", { name: "Run ledger check" }).click();
      await expect(admin.getByText(/0 problems, checked/)).toBeVisible();
      expect(await overflow(admin), "horizontal overflow on the reconciliation").toBeLessThanOrEqual(0);
      await expectNoSeriousAxe(admin, `/dashboard/admin/reconciliation at ${width} px`);
      await admin.context().close();
    });
  }
});

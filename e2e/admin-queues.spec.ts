import { randomUUID } from "node:crypto";
import { BASE_URL, bankReference, createUser, expect, expectNoSeriousAxe, fund, newAdminPage, overflow, signInRequest, test, visit } from "./fixtures.js";

const ADDRESS = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";

/** The two back-office queues with items in them: the empty queue says nothing about the table. */
test.describe("admin queues", () => {
  for (const width of [1280, 375]) {
    test(`with pending items they are tables that fit ${width} px and pass axe`, async ({ request, browser }) => {
      test.slow();
      const user = await createUser(request, { name: "Tolu Tablerow" });
      await signInRequest(request, user.email, user.password);
      const admin = await newAdminPage(browser, { width });
      await fund(request, admin.request, 50_000);
      const headers = { "Origin": BASE_URL, "Idempotency-Key": randomUUID() };
      const deposit = await request.post("/api/deposits", { data: { method: "bank", amountCents: 12_345, bank: "access", reference: await bankReference(request) }, headers });
      expect(deposit.status(), await deposit.text()).toBe(201);
      const payout = await request.post("/api/payouts", { data: { amountCents: 10_000, walletAddress: ADDRESS }, headers: { ...headers, "Idempotency-Key": randomUUID() } });
      expect(payout.status(), await payout.text()).toBe(201);

      for (const [path, testId] of [
        ["/dashboard/admin/deposits", "admin-deposit"],
        ["/dashboard/admin/payouts", "admin-payout"],
      ] as const) {
        await visit(admin, path);
        const row = admin.getByTestId(testId).filter({ hasText: user.email });
        await expect(row).toHaveCount(1);
        await expect(admin.getByRole("table")).toBeVisible();
        await expect(row.getByRole("rowheader")).toBeVisible();
        // The table may scroll inside its box; the page must not, and the decision stays in view.
        expect(await overflow(admin), `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
        const button = await row.getByRole("button", { name: "Reject" }).boundingBox();
        expect(button && button.x + button.width, `Reject button in view on ${path}`).toBeLessThanOrEqual(width);
        await expectNoSeriousAxe(admin, `${path} at ${width} px`);
      }
      await admin.context().close();
    });
  }
});

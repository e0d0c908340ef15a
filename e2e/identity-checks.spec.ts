import type { Page } from "@playwright/test";
import { createUser, expect, expectFits, expectRefusedRequest, newAdminPage, signInViaApi, test, visit } from "./fixtures.js";

/** The smallest files of each kind the server takes: their first bytes are what it reads. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from("JFIF\0\x01\x01\0\0\x01\0\x01\0\0", "latin1"), Buffer.from([0xff, 0xd9])]);
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  "latin1",
);

async function upload(page: Page, name: string, mimeType: string, buffer: Buffer) {
  await page.getByLabel("Add a file").setInputFiles({ name, mimeType, buffer });
  await expect(page.getByRole("list", { name: "Uploaded files" }).getByText(name)).toBeVisible();
}

/** The operator's case page for `email`, found through the queue's search. */
async function openCase(admin: Page, email: string) {
  await visit(admin, `/dashboard/admin/verifications?q=${encodeURIComponent(email)}`);
  const row = admin.getByTestId("admin-verification");
  await expect(row).toHaveCount(1);
  await row.getByRole("link", { name: `Open the case of ${email}` }).click();
  await expect(admin.getByRole("heading", { name: "Identity check", exact: true })).toBeVisible();
}

async function decide(admin: Page, choice: "Approve" | "Ask for new documents", reason?: string, fileToReplace?: string) {
  const form = admin.getByRole("form", { name: "Decide the case" });
  await form.getByRole("radio", { name: new RegExp(`^${choice}`) }).check();
  if (reason) await form.getByLabel("Reason (the investor reads it)").fill(reason);
  if (fileToReplace) await form.getByRole("checkbox", { name: fileToReplace }).check();
  await form.getByRole("button", { name: choice }).click();
}

// One journey, the investor on a phone and the operator at a desk; each screen is also checked at
// the other width, so both widths are covered without walking the journey twice.
test.describe("identity checks", () => {
  test("an investor past the unverified limit verifies; an operator asks for a new file, then approves", async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 375, height: 900 });
    const investor = await createUser(page.request, { name: "Kemi Kyc" });
    await signInViaApi(page, investor.email, investor.password);

    // Past the unverified limit, the deposit is refused at the form with what remains and the way to lift it.
    await visit(page, "/dashboard/transfer/crypto");
    await page.getByLabel("Amount").fill("1500");
    await page.getByLabel("Select Coin").selectOption("BTC");
    expectRefusedRequest(403, "/api/deposits");
    await page.getByRole("button", { name: "I've Sent the Funds" }).click();
    const refusal = page.getByRole("alert").filter({ hasText: "Until your identity is verified" });
    await expect(refusal).toContainText("$1,000.00 in total; $1,000.00 remains");
    await refusal.getByRole("link", { name: "Verify your identity" }).click();
    await expect(page).toHaveURL(/\/dashboard\/verification$/);

    // The case: details and two files, sent for review.
    await expect(page.getByTestId("verification-status")).toContainText("Not verified");
    const form = page.getByRole("form", { name: "Verify your identity" });
    await form.getByLabel("Full legal name").fill("Kemi Adebayo Kyc");
    await form.getByLabel("Date of birth").fill("1990-05-17");
    await form.getByLabel("Country of residence").fill("ng");
    await form.getByLabel("Home address").fill("12 Marina Road, Lagos");
    await form.getByLabel("Document type").selectOption({ label: "Passport" });
    await form.getByLabel("Document number").fill("A01234567");
    await form.getByLabel("Issuing country").fill("NG");
    await form.getByLabel("Expiry date").fill("2034-01-31");
    await upload(page, "passport-photo-page.jpg", "image/jpeg", JPEG);
    await upload(page, "passport-scan.pdf", "application/pdf", PDF);
    await expectFits(page, 1280, "the verification form");
    await expectFits(page, 375, "the verification form");
    await form.getByRole("button", { name: "Send for review" }).click();
    await expect(page.getByTestId("verification-status")).toContainText("Submitted");

    // The operator opens the photo, takes the case and asks for a clearer one.
    const admin = await newAdminPage(page.context().browser()!, { width: 1280, fresh: true });
    await openCase(admin, investor.email);
    await expect(admin.getByText("A01234567")).toBeVisible();
    await admin.getByRole("button", { name: "Show passport-photo-page.jpg" }).click();
    await expect(admin.getByRole("img", { name: "passport-photo-page.jpg, as uploaded" })).toBeVisible();
    await admin.getByRole("button", { name: "Assign to me" }).click();
    await decide(admin, "Ask for new documents", "The photo page is blurred: please upload a sharper photo.", "passport-photo-page.jpg");
    await expect(admin.getByText("The investor was asked for new documents.")).toBeVisible();
    await expectFits(admin, 1280, "the case page");

    // The investor reads why, replaces that file and sends the case again.
    await page.reload();
    await expect(page.getByText("The photo page is blurred")).toBeVisible();
    await expect(page.getByText("Replace this file")).toBeVisible();
    await page.getByRole("button", { name: "Remove passport-photo-page.jpg" }).click();
    await expect(page.getByRole("list", { name: "Uploaded files" }).getByText("passport-photo-page.jpg")).toHaveCount(0);
    await upload(page, "passport-photo-page-sharp.png", "image/png", PNG);
    await page.getByRole("button", { name: "Send for review" }).click();
    await expect(page.getByTestId("verification-status")).toContainText("Submitted");

    // Approved: the account is verified and the limit is gone.
    await openCase(admin, investor.email);
    await admin.getByRole("button", { name: "Assign to me" }).click();
    await expectFits(admin, 375, "the case page");
    await admin.setViewportSize({ width: 1280, height: 900 });
    await decide(admin, "Approve");
    await expect(admin.getByText("Approved: the account is verified.")).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("verification-status")).toContainText("Your identity is verified");
    await admin.context().close();
  });
});

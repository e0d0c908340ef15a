import type { Page } from "@playwright/test";
import { expect, test, uniqueEmail, visit } from "./fixtures.js";

const fields = (page: Page) => ({
  name: page.getByLabel("Name", { exact: true }),
  email: page.getByLabel("Email", { exact: true }),
  subject: page.getByLabel("Subject (optional)"),
  message: page.getByLabel("Message", { exact: true }),
});

/** The error is announced with its field (aria-describedby), not merely somewhere on the page. */
async function expectFieldError(page: Page, label: string, message: string) {
  const field = page.getByLabel(label, { exact: true });
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(message);
  await expect(page.getByText(message, { exact: true })).toBeVisible();
}

test.describe("contact form", () => {
  test("sends a message, confirms it and clears the form", async ({ page }) => {
    await visit(page, "/contact");
    const form = fields(page);
    await form.name.fill("Ada Obi");
    await form.email.fill(uniqueEmail("contact"));
    await form.subject.fill("Question about the Gold plan");
    await form.message.fill("How long is the term, and when is profit paid?");

    const [response] = await Promise.all([
      page.waitForResponse((res) => res.url().endsWith("/api/contact") && res.request().method() === "POST"),
      page.getByRole("button", { name: "Send Message" }).click(),
    ]);
    expect(response.status()).toBe(201);

    await expect(page.getByRole("status")).toHaveText("Message sent!");
    for (const field of Object.values(form)) await expect(field).toHaveValue("");
  });

  test("an empty form shows each required field's message beside it and sends nothing", async ({ page }) => {
    await visit(page, "/contact");
    let posted = false;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/contact")) posted = true;
    });
    await page.getByRole("button", { name: "Send Message" }).click();

    await expectFieldError(page, "Name", "Name is required.");
    await expectFieldError(page, "Email", "Email is required.");
    await expectFieldError(page, "Message", "Message is required.");
    await expect(fields(page).subject).not.toHaveAttribute("aria-invalid", "true");
    await expect(fields(page).name).toBeFocused();
    expect(posted).toBe(false);
  });

  test("an invalid e-mail is refused with 'Invalid email format'", async ({ page }) => {
    await visit(page, "/contact");
    const form = fields(page);
    await form.name.fill("Ada Obi");
    await form.email.fill("ada-at-example");
    await form.message.fill("Hello");
    await page.getByRole("button", { name: "Send Message" }).click();

    await expectFieldError(page, "Email", "Invalid email format");
    await expect(form.name).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("status")).toHaveCount(0);
  });

  test("fits 375, 768 and 1280 px wide screens without sideways scrolling", async ({ page }) => {
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await visit(page, "/contact");
      const button = page.getByRole("button", { name: "Send Message" });
      await button.scrollIntoViewIfNeeded();
      await expect(button).toBeInViewport();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      for (const field of Object.values(fields(page))) {
        const box = await field.boundingBox();
        expect(box?.width ?? 0).toBeGreaterThan(Math.min(200, width - 100));
        expect((box?.x ?? -1) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
      }
    }
  });
});

import AxeBuilder from "@axe-core/playwright";
import { expect, test, visit } from "./fixtures.js";

const PAGES = ["/", "/about", "/plan", "/blog", "/contact", "/login", "/signup", "/forgot-password"];
const WIDTHS = [1280, 375];
const BLOCKING = new Set(["serious", "critical"]);

for (const width of WIDTHS) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const path of PAGES) {
      test(`${path} has no serious or critical axe violations`, async ({ page }) => {
        await visit(page, path);
        await page.waitForLoadState("networkidle");

        const results = await new AxeBuilder({ page }).analyze();
        const blocking = results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ""));
        const report = blocking
          .map((violation) => {
            const nodes = violation.nodes
              .map((node) => `    - ${node.target.join(" ")}\n      ${node.failureSummary?.replace(/\n/g, "\n      ") ?? ""}`)
              .join("\n");
            return `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}`;
          })
          .join("\n\n");
        expect(blocking.map((violation) => violation.id), `axe found on ${path} at ${width}px:\n${report}`).toEqual([]);
      });
    }
  });
}

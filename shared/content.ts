import type * as z from "zod/mini";
import type { contentPageDto, postSummaryDto } from "./schemas/content.js";

/** Operator-written Markdown pages (blog posts, terms, privacy, risk); declared once, in shared/schemas/content.ts. */
export type PostSummary = z.infer<typeof postSummaryDto>;
export type ContentPage = z.infer<typeof contentPageDto>;

/**
 * Pages only the operator can write, each a file `content/<folder>/<slug>.md` with a `version` and
 * an `updated` date. One the operator has not written yet is still served, saying so to visitors
 * (`missing` completes "The operator has not published …"), and a production start logs an error.
 */
export const OPERATOR_PAGES = [
  { slug: "terms", folder: "legal", label: "Terms of Service", missing: "its Terms of Service", beforeInvesting: true },
  { slug: "privacy", folder: "legal", label: "Privacy Policy", missing: "its Privacy Policy", beforeInvesting: false },
  { slug: "risk", folder: "legal", label: "Risk Disclosure", missing: "its Risk Disclosure", beforeInvesting: true },
  { slug: "how-returns-work", folder: "pages", label: "How returns work", missing: "how the returns on its plans are generated", beforeInvesting: true },
] as const;

export type OperatorPageSlug = (typeof OPERATOR_PAGES)[number]["slug"];

/** The footer's legal links. */
export const LEGAL_PAGES = OPERATOR_PAGES.filter((page) => page.folder === "legal");

/** What a visitor reads on a page the operator has not written: plain words, never instructions for the operator. */
export function unwrittenPageMessage(missing: string): string {
  return `The operator has not published ${missing} yet. Do not invest until it has.`;
}
